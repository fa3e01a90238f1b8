import { Link } from 'react-router';
import { PRODUCT_NAME } from '@tc/shared/catalogue/brand';
import { LEGAL_PATHS, PRIVACIDADE_EMAIL } from '@tc/shared/catalogue/legal';
import { MAX_APPLICANTS } from '@tc/shared/catalogue/statuses';
import { ExternalLink, LegalPage, type LegalSection } from './legal-page';
import { Empresa } from './termos-page';

const mail = <a href={`mailto:${PRIVACIDADE_EMAIL}`}>{PRIVACIDADE_EMAIL}</a>;

/** What we hold (the RGPD export of "Minha Conta" gives each person theirs). */
const DADOS: [string, string][] = [
  [
    'Conta',
    'Nome, e-mail, senha (guardada apenas cifrada, nunca em claro), tipo de conta, telefone e fotografia de perfil; no caso dos profissionais, também distrito, concelho, especialidades, biografia e disponibilidade para urgências.',
  ],
  [
    'Projetos e candidaturas',
    'Título, descrição, localidade, especialidade e urgência de cada projeto, o contacto indicado no projeto, as candidaturas, o profissional escolhido e os pedidos de garantia (descrição e fotografias).',
  ],
  [
    'Verificação dos profissionais',
    'Imagens da frente e do verso do Cartão de Cidadão, a data do consentimento e o resultado da verificação (quem decidiu e quando).',
  ],
  [
    'Pagamentos e créditos',
    'Plano, valor, créditos, forma de pagamento e estado de cada compra, NIF e dados de faturação (se os indicar) e os movimentos do saldo de créditos. Os dados do cartão são tratados pela Stripe e nunca chegam até nós.',
  ],
  ['Avaliações', 'Nota, comentário e estado da moderação.'],
  ['Comunicações', 'Notificações e e-mails enviados, preferências de notificação e confirmação do e-mail.'],
  ['Aceitação dos termos', 'Versão dos Termos e Condições e da Política de Privacidade que aceitou e a data.'],
  [
    'Registos técnicos e de segurança',
    'Endereço IP, data e hora e pedidos feitos ao servidor, tentativas falhadas de início de sessão, códigos de recuperação de senha (guardados cifrados) e o registo das ações da nossa equipa, como cada consulta de um documento de identificação.',
  ],
];

const FINALIDADES: [string, string][] = [
  [
    'Criar e gerir a conta; publicar projetos; candidaturas; mostrar o contacto do cliente aos profissionais que se candidataram; garantia técnica; notificações do serviço.',
    'Execução do contrato (artigo 6.º, n.º 1, alínea b), do RGPD).',
  ],
  [
    'Verificar a identidade dos profissionais com a cópia do Cartão de Cidadão.',
    'Consentimento (artigo 6.º, n.º 1, alínea a), do RGPD), exigido pelo artigo 5.º da Lei n.º 7/2007. Pode retirá-lo antes de a verificação ser decidida.',
  ],
  [
    'Cobrar os créditos, emitir recibos e guardar os registos contabilísticos.',
    'Execução do contrato e cumprimento de obrigações legais, sobretudo fiscais (artigo 6.º, n.º 1, alíneas b) e c)).',
  ],
  [
    'Moderar projetos e avaliações, prevenir fraude e abusos, proteger as contas (limites de tentativas, registos de segurança) e registar a aceitação dos termos.',
    'Interesse legítimo em manter uma plataforma segura e de confiança e em poder demonstrar o que foi aceite (artigo 6.º, n.º 1, alínea f)).',
  ],
];

const SECTIONS: LegalSection[] = [
  {
    id: 'responsavel',
    title: 'Quem é o responsável pelos seus dados',
    body: (
      <p>
        O responsável pelo tratamento é <Empresa />, que explora o {PRODUCT_NAME}. Para qualquer assunto sobre os seus dados pessoais, escreva para {mail}.
      </p>
    ),
  },
  {
    id: 'dados',
    title: 'Que dados tratamos',
    body: (
      <>
        <p>Tratamos apenas os dados de que precisamos para prestar o serviço:</p>
        <table className="legal-table">
          <caption className="sr-only">Dados pessoais tratados</caption>
          <thead>
            <tr>
              <th scope="col">Categoria</th>
              <th scope="col">Dados</th>
            </tr>
          </thead>
          <tbody>
            {DADOS.map(([categoria, dados]) => (
              <tr key={categoria}>
                <th scope="row">{categoria}</th>
                <td data-label="Dados">{dados}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Não usamos os seus dados para publicidade, não traçamos perfis e não tomamos decisões automatizadas com efeitos sobre si. Nunca vendemos dados
          pessoais.
        </p>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que os usamos e com que fundamento',
    body: (
      <table className="legal-table">
        <caption className="sr-only">Finalidades e fundamentos do tratamento</caption>
        <thead>
          <tr>
            <th scope="col">Finalidade</th>
            <th scope="col">Fundamento</th>
          </tr>
        </thead>
        <tbody>
          {FINALIDADES.map(([finalidade, fundamento]) => (
            <tr key={finalidade}>
              <th scope="row">{finalidade}</th>
              <td data-label="Fundamento">{fundamento}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ),
  },
  {
    id: 'prazos',
    title: 'Durante quanto tempo os guardamos',
    body: (
      <ul>
        <li>
          <strong>Conta, perfil, projetos, avaliações e aceitações dos termos:</strong> enquanto a conta existir. Quando elimina a conta, são apagados.
        </li>
        <li>
          <strong>Imagens do Cartão de Cidadão:</strong> apagadas assim que a nossa equipa decide a verificação (aprovada ou recusada), ou antes, se eliminar a
          conta. Fica apenas o resultado, quem decidiu e quando.
        </li>
        <li>
          <strong>Pagamentos e movimentos de créditos:</strong> 10 anos, como exige a lei fiscal (artigo 123.º do Código do IRC). Se eliminar a conta, deixam de
          estar associados ao seu nome.
        </li>
        <li>
          <strong>Notificações na aplicação e cópias dos e-mails que lhe enviamos:</strong> 90 dias (ou até eliminar a conta, se for antes); os alertas de novos
          projetos na sua zona, 7 dias.
        </li>
        <li>
          <strong>Códigos de recuperação de senha:</strong> 10 minutos. <strong>Tentativas falhadas de início de sessão:</strong> no máximo 24 horas.
        </li>
        <li>
          <strong>Registos técnicos e de segurança:</strong> pelo tempo necessário à segurança do serviço, no máximo 12 meses.
        </li>
      </ul>
    ),
  },
  {
    id: 'destinatarios',
    title: 'Quem recebe os dados',
    body: (
      <ul>
        <li>
          <strong>Profissionais que se candidatam ao seu projeto</strong> (no máximo {MAX_APPLICANTS}, e só depois de pagarem a candidatura): veem o contacto
          indicado no projeto e o seu e-mail. Os outros profissionais veem o projeto (título, descrição, localidade) sem o seu contacto.
        </li>
        <li>
          <strong>Clientes e visitantes:</strong> veem o perfil público dos profissionais e as avaliações aprovadas, com o nome e a fotografia de perfil de quem
          as escreveu.
        </li>
        <li>
          <strong>A nossa equipa</strong>, apenas no que precisa para aprovar projetos, verificar profissionais, moderar avaliações e dar apoio. Cada consulta
          de um documento de identificação fica registada.
        </li>
        <li>
          <strong>Prestadores de serviços que tratam dados por nossa conta</strong>, com contrato nos termos do artigo 28.º do RGPD: a Stripe (Stripe Payments
          Europe, Ltd., Irlanda), para os pagamentos; o fornecedor de envio de e-mails; e o fornecedor de alojamento dos servidores e dos ficheiros.
        </li>
        <li>
          <strong>Autoridades</strong>, como a Autoridade Tributária ou os tribunais, quando a lei o exige.
        </li>
      </ul>
    ),
  },
  {
    id: 'transferencias',
    title: 'Transferências para fora da União Europeia',
    body: (
      <p>
        Guardamos os dados em servidores na União Europeia. A Stripe pode transferir dados de pagamento para os Estados Unidos da América, ao abrigo do Quadro
        de Privacidade de Dados UE-EUA ou de cláusulas contratuais-tipo aprovadas pela Comissão Europeia.
      </p>
    ),
  },
  {
    id: 'direitos',
    title: 'Os seus direitos',
    body: (
      <>
        <p>Nos termos do RGPD, tem direito a:</p>
        <ul>
          <li>
            <strong>aceder</strong> aos seus dados e receber uma cópia (artigo 15.º);
          </li>
          <li>
            <strong>retificar</strong> dados incorretos ou incompletos (artigo 16.º);
          </li>
          <li>
            <strong>apagar</strong> os seus dados (artigo 17.º), exceto os que a lei nos obriga a guardar;
          </li>
          <li>
            <strong>limitar</strong> o tratamento (artigo 18.º);
          </li>
          <li>
            <strong>portabilidade</strong>: receber os seus dados num formato de uso corrente e leitura automática (artigo 20.º);
          </li>
          <li>
            <strong>opor-se</strong> ao tratamento baseado no nosso interesse legítimo (artigo 21.º);
          </li>
          <li>
            <strong>retirar o consentimento</strong> a qualquer momento, sem afetar o tratamento já feito (artigo 7.º, n.º 3).
          </li>
        </ul>
        <p className="legal-note">
          Em «Minha Conta» pode já, sem nos escrever: <strong>descarregar os seus dados</strong> num ficheiro JSON (conta, projetos ou candidaturas, pagamentos,
          avaliações, notificações e aceitações dos termos), com «Descarregar os meus dados»; <strong>corrigir</strong> os seus dados, com «Editar perfil»;{' '}
          <strong>eliminar a conta</strong>, com «Eliminar conta»; e escolher que e-mails recebe, nas preferências de notificação.
        </p>
      </>
    ),
  },
  {
    id: 'exercer',
    title: 'Como exercer os seus direitos e a quem reclamar',
    body: (
      <>
        <p>
          Escreva para {mail}, de preferência a partir do e-mail da sua conta. Respondemos no prazo de um mês, que pode ser prolongado por mais dois meses em
          pedidos complexos, caso em que o avisamos (artigo 12.º, n.º 3, do RGPD). O pedido é gratuito; se tivermos dúvidas sobre a sua identidade, podemos
          pedir-lhe que a confirme.
        </p>
        <p>
          Tem também o direito de apresentar reclamação à Comissão Nacional de Proteção de Dados (CNPD), Av. D. Carlos I, 134, 1.º, 1200-651 Lisboa,{' '}
          <ExternalLink href="https://www.cnpd.pt/">www.cnpd.pt</ExternalLink>.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Como protegemos os dados',
    body: (
      <ul>
        <li>As ligações ao {PRODUCT_NAME} são cifradas e as senhas são guardadas apenas em forma cifrada (argon2id).</li>
        <li>As imagens do Cartão de Cidadão ficam numa área privada, só acessível à equipa de verificação, e cada consulta é registada.</li>
        <li>Retiramos das fotografias os metadados, como a localização GPS.</li>
        <li>As sessões expiram e as tentativas de início de sessão e de recuperação de senha são limitadas.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e armazenamento no navegador',
    body: (
      <p>
        Não usamos cookies nem ferramentas de análise ou de publicidade. O que guardamos no seu navegador está descrito na{' '}
        <Link to={LEGAL_PATHS.cookies}>Política de Cookies</Link>.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações a esta política',
    body: (
      <p>
        A data da versão em vigor está no topo desta página. Quando esta política mudar, pedimos de novo a sua aceitação no início de sessão seguinte,
        juntamente com os <Link to={LEGAL_PATHS.termos}>Termos e Condições</Link>.
      </p>
    ),
  },
];

export function PrivacidadePage() {
  return (
    <LegalPage
      title="Política de Privacidade"
      lead={
        <p>
          Esta política explica que dados pessoais o {PRODUCT_NAME} trata, para quê, durante quanto tempo, quem os recebe e como pode exercer os seus direitos,
          nos termos do Regulamento Geral sobre a Proteção de Dados (RGPD) e da Lei n.º 58/2019.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
