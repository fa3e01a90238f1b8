import { Link } from 'react-router';
import { PRODUCT_NAME } from '@tc/shared/catalogue/brand';
import { LEGAL_PATHS } from '@tc/shared/catalogue/legal';
import { LOCAL, TERMS_PENDING_KEY, TOKEN_KEY } from '../../lib/session';
import { RESET_TOKEN_KEY } from '../recuperacao';
import { ExternalLink, LegalPage, type LegalSection } from './legal-page';

const SESSAO = 'Armazenamento de sessão (apagado ao fechar o separador)';
const LOCAL_STORAGE = 'Armazenamento local';

/**
 * Everything the web app keeps in the browser, by the keys the code uses (a test checks that every
 * key of lib/session and of the password recovery is listed here). All strictly necessary.
 */
export const ARMAZENAMENTO: { chaves: string[]; onde: string; para: string; duracao: string }[] = [
  {
    chaves: [TOKEN_KEY.cliente, TOKEN_KEY.profissional, TOKEN_KEY.admin],
    onde: SESSAO,
    para: 'Mantém a sessão iniciada como cliente, profissional ou administrador.',
    duracao: 'Até sair da conta ou fechar o separador; a sessão expira, no máximo, ao fim de 12 horas.',
  },
  {
    chaves: [RESET_TOKEN_KEY],
    onde: SESSAO,
    para: 'Autoriza a escolha de uma nova senha depois de validar o código de recuperação.',
    duracao: 'Até definir a nova senha ou fechar o separador.',
  },
  {
    chaves: [TERMS_PENDING_KEY],
    onde: SESSAO,
    para: 'Lembra que falta aceitar a nova versão dos Termos e Condições e da Política de Privacidade.',
    duracao: 'Até as aceitar, sair da conta ou fechar o separador.',
  },
  {
    chaves: [LOCAL.tipo, LOCAL.id, LOCAL.clienteId, LOCAL.profissionalId, LOCAL.email],
    onde: LOCAL_STORAGE,
    para: 'Identificam a conta com sessão iniciada neste navegador; o e-mail fica preenchido no início de sessão seguinte.',
    duracao: 'Até sair da conta.',
  },
  {
    chaves: [LOCAL.redirect, LOCAL.tituloProjeto, LOCAL.especialidadeProjeto],
    onde: LOCAL_STORAGE,
    para: 'Guardam o projeto que começou a escrever antes de iniciar sessão ou criar conta, para o abrir já preenchido.',
    duracao: 'Até ser usado ou até sair da conta.',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'o-que-guardamos',
    title: 'O que guardamos no seu navegador',
    body: (
      <>
        <p>
          Tudo o que está nesta tabela é estritamente necessário para prestar o serviço que pede (manter a sessão, recuperar a senha, não perder o projeto que
          começou a escrever) e nunca sai do seu navegador a não ser para falar com o {PRODUCT_NAME}.
        </p>
        <table className="legal-table">
          <caption className="sr-only">Dados guardados no navegador</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Onde</th>
              <th scope="col">Para quê</th>
              <th scope="col">Durante quanto tempo</th>
            </tr>
          </thead>
          <tbody>
            {ARMAZENAMENTO.map((a) => (
              <tr key={a.chaves.join()}>
                <th scope="row">
                  {a.chaves.map((c, i) => (
                    <span key={c}>
                      {i > 0 && ', '}
                      <code>{c}</code>
                    </span>
                  ))}
                </th>
                <td data-label="Onde">{a.onde}</td>
                <td data-label="Para quê">{a.para}</td>
                <td data-label="Durante quanto tempo">{a.duracao}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: 'sem-aviso',
    title: 'Porque não mostramos um aviso de cookies',
    body: (
      <>
        <p>
          O {PRODUCT_NAME} não usa cookies, nem ferramentas de estatística, de publicidade ou de redes sociais, e não carrega nas suas páginas serviços de
          terceiros: os tipos de letra e as imagens vêm do próprio site.
        </p>
        <p>
          O armazenamento estritamente necessário dispensa consentimento (artigo 5.º, n.º 2, da Lei n.º 41/2004). Por isso não lhe pedimos consentimento nem
          mostramos um aviso. Se algum dia quisermos guardar algo que não seja estritamente necessário, pedimos primeiro o seu consentimento e atualizamos esta
          política.
        </p>
      </>
    ),
  },
  {
    id: 'pagamentos',
    title: 'Pagamentos na Stripe',
    body: (
      <p>
        Para comprar créditos, é levado para a página de pagamento segura da Stripe, noutro endereço. Aí a Stripe usa os seus próprios cookies, de acordo com a{' '}
        <ExternalLink href="https://stripe.com/pt/privacy">política de privacidade da Stripe</ExternalLink>.
      </p>
    ),
  },
  {
    id: 'apagar',
    title: 'Como apagar estes dados',
    body: (
      <p>
        «Sair» apaga tudo o que o {PRODUCT_NAME} guardou no navegador, e fechar o separador apaga o armazenamento de sessão. Também pode apagar os dados do site
        nas definições do seu navegador; terá então de iniciar sessão de novo.
      </p>
    ),
  },
];

export function CookiesPage() {
  return (
    <LegalPage
      title="Política de Cookies"
      toc={false}
      lead={
        <p>
          O {PRODUCT_NAME} não usa cookies. Guarda no seu navegador apenas o que é estritamente necessário para funcionar, como a sessão iniciada e o projeto
          que começou a escrever. Sobre os dados pessoais em geral, veja a <Link to={LEGAL_PATHS.privacidade}>Política de Privacidade</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
