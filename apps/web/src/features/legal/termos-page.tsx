import { Link } from 'react-router';
import { PRODUCT_NAME } from '@tc/shared/catalogue/brand';
import { APOIO_EMAIL, LEGAL_PATHS, LIVRO_RECLAMACOES_URL } from '@tc/shared/catalogue/legal';
import { MAX_APPLICANTS } from '@tc/shared/catalogue/statuses';
import { LEAD_REPORT_DAYS } from '@tc/shared/catalogue/leads';
import { GUARANTEE_DAYS, GUARANTEE_MAX_PHOTOS } from '@tc/shared/catalogue/garantias';
import { PASSWORD_MIN } from '@tc/shared/ui-texts';
import { SELLER } from '@tc/shared/receipts';
import { ExternalLink, LegalPage, type LegalSection } from './legal-page';

/** Who runs the service (DL 7/2004, art. 10.º), from the one place the company's details live. */
export function Empresa() {
  return (
    <>
      {SELLER.designacao}, NIF {SELLER.nif}, com sede em {SELLER.morada}
      {SELLER.ficticio && ' (dados de identificação provisórios, a substituir pelos da empresa)'}
    </>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'quem-somos',
    title: 'Quem somos',
    body: (
      <>
        <p>
          O {PRODUCT_NAME} é uma plataforma online explorada por <Empresa />. Para qualquer questão sobre estes termos, escreva para{' '}
          <a href={`mailto:${APOIO_EMAIL}`}>{APOIO_EMAIL}</a>.
        </p>
        <p>
          Estes termos aplicam-se a quem usa o {PRODUCT_NAME}: clientes que procuram um eletricista, um instalador de domótica ou um canalizador, e
          profissionais que procuram trabalho nessas áreas.
        </p>
      </>
    ),
  },
  {
    id: 'servico',
    title: 'O que o serviço faz (e o que não faz)',
    body: (
      <>
        <p>
          O {PRODUCT_NAME} põe clientes e profissionais em contacto. Não executa trabalhos nem é parte do contrato do trabalho: o orçamento, o preço, os prazos,
          a execução e o pagamento de cada trabalho são acordados diretamente entre o cliente e o profissional, que é o único responsável pelo trabalho que faz.
        </p>
        <p>
          Os profissionais são independentes e são responsáveis por ter as habilitações, os registos, os seguros e as licenças que a lei exige para a sua
          atividade (por exemplo, para instalações elétricas).
        </p>
        <p>
          Verificamos a identidade dos profissionais (ver <a href="#profissionais">Para profissionais</a>) e moderamos projetos e avaliações, mas não garantimos
          o resultado de cada contacto nem a qualidade de cada trabalho, para além do que estes termos preveem sobre a{' '}
          <a href="#devolucoes">devolução de créditos</a> e a <a href="#garantia">garantia técnica</a>.
        </p>
      </>
    ),
  },
  {
    id: 'conta',
    title: 'A sua conta',
    body: (
      <ul>
        <li>Para criar conta tem de ter pelo menos 18 anos e aceitar estes termos e a Política de Privacidade.</li>
        <li>Os dados que indica têm de ser verdadeiros e estar atualizados; pode corrigi-los em «Minha Conta».</li>
        <li>
          A senha é pessoal, tem pelo menos {PASSWORD_MIN} caracteres e não deve ser usada noutros sites. Se suspeitar que alguém a conhece, altere-a e
          avise-nos.
        </li>
        <li>O cliente confirma o seu e-mail através da ligação que lhe enviamos; os projetos só seguem para aprovação depois dessa confirmação.</li>
        <li>
          Pode eliminar a conta a qualquer momento em «Minha Conta» (ver <a href="#fim">Suspensão e fim da conta</a>).
        </li>
      </ul>
    ),
  },
  {
    id: 'clientes',
    title: 'Para clientes',
    body: (
      <ul>
        <li>Criar conta e publicar projetos é gratuito para o cliente.</li>
        <li>
          Cada projeto é revisto pela nossa equipa antes de ficar visível para os profissionais. Podemos recusar ou retirar projetos que não cumpram estes
          termos (por exemplo, pedidos falsos, ilegais ou que não sejam de eletricidade, domótica ou canalização).
        </li>
        <li>
          Ao publicar um projeto, aceita que o contacto indicado no projeto e o seu e-mail sejam mostrados aos profissionais que se candidatarem, no máximo{' '}
          {MAX_APPLICANTS} por projeto. Os outros profissionais veem o projeto sem o seu contacto.
        </li>
        <li>
          Quando o trabalho estiver feito, marca o projeto como concluído e indica qual profissional o fez (se algum). Só esse profissional pode ser avaliado
          nesse projeto.
        </li>
        <li>
          Pode cancelar ou eliminar um projeto. Se ainda não tiver escolhido um profissional, os créditos que os profissionais gastaram são-lhes devolvidos
          automaticamente.
        </li>
      </ul>
    ),
  },
  {
    id: 'profissionais',
    title: 'Para profissionais',
    body: (
      <ul>
        <li>O registo é gratuito. Paga apenas os créditos que usa para se candidatar a projetos.</li>
        <li>
          Para receber pedidos, completa o perfil com fotografia, especialidades e uma cópia do Cartão de Cidadão (frente e verso). Essa cópia só é feita com o
          seu consentimento expresso (artigo 5.º da Lei n.º 7/2007), é vista apenas pela equipa de verificação e é apagada assim que a verificação é decidida. O
          selo «Verificado» indica que a identidade foi confirmada.
        </li>
        <li>
          Candidatar-se a um projeto custa o número de créditos indicado no projeto, definido pela nossa equipa antes de o publicar. A candidatura desbloqueia o
          contacto do cliente. Cada projeto aceita no máximo {MAX_APPLICANTS} candidaturas e deixa de aceitar candidaturas quando o cliente escolhe um
          profissional.
        </li>
        <li>
          Os contactos dos clientes só podem ser usados para responder ao pedido desse projeto: nunca para publicidade, para outros fins ou para os ceder a
          terceiros.
        </li>
        <li>O seu perfil (nome, fotografia, especialidades, zona, biografia, selos e avaliações aprovadas) é público no {PRODUCT_NAME}.</li>
        <li>
          Nas listas de profissionais, a ordem depende da avaliação média ponderada pelo número de avaliações e, em caso de empate, do nome. Não é possível
          pagar para aparecer mais acima.
        </li>
      </ul>
    ),
  },
  {
    id: 'creditos',
    title: 'Créditos, preços e pagamentos',
    body: (
      <ul>
        <li>
          Os créditos são pré-pagos e vendidos em planos. Os planos e os preços em vigor estão na página <Link to="/creditos">Créditos</Link>; os preços são em
          euros e incluem IVA.
        </li>
        <li>
          O pagamento é feito por cartão, MB WAY ou referência Multibanco, através da Stripe, a nossa prestadora de serviços de pagamento. Nunca vemos nem
          guardamos os dados do seu cartão. Pode indicar o NIF e os dados de faturação no momento da compra.
        </li>
        <li>Os créditos ficam disponíveis quando o pagamento é confirmado (na referência Multibanco, quando for paga).</li>
        <li>
          Os créditos não caducam enquanto a conta existir, não são convertíveis em dinheiro nem transmissíveis, e só são devolvidos (em créditos) nos casos
          previstos em <a href="#devolucoes">Devolução de créditos</a>. O saldo que não tiver usado perde-se se eliminar a conta.
        </li>
        <li>
          Os créditos são comprados para a atividade profissional de quem os compra; por isso, não se aplicam as regras de livre resolução dos contratos
          celebrados à distância com consumidores (Decreto-Lei n.º 24/2014).
        </li>
      </ul>
    ),
  },
  {
    id: 'devolucoes',
    title: 'Devolução de créditos',
    body: (
      <>
        <p>Os créditos gastos numa candidatura são devolvidos ao saldo do profissional, uma só vez, quando:</p>
        <ul>
          <li>
            o cliente cancela ou elimina o projeto, elimina a conta, ou a nossa equipa retira o projeto, antes de o cliente ter escolhido um profissional; ou
          </li>
          <li>
            o profissional reporta o contacto nos {LEAD_REPORT_DAYS} dias seguintes à candidatura, por contacto inválido, por o cliente não responder ou por o
            pedido ser duplicado, e a nossa equipa aceita o reporte.
          </li>
        </ul>
        <p>
          A nossa equipa analisa cada reporte e decide. O profissional escolhido pelo cliente não pode reportar esse projeto, e uma candidatura já devolvida não
          é devolvida outra vez. As devoluções são sempre em créditos, nunca em dinheiro.
        </p>
      </>
    ),
  },
  {
    id: 'garantia',
    title: `Garantia técnica de ${GUARANTEE_DAYS} dias`,
    body: (
      <>
        <p>
          Durante {GUARANTEE_DAYS} dias depois de marcar um projeto como concluído, o cliente pode acionar, através do {PRODUCT_NAME}, uma garantia sobre o
          trabalho do profissional que escolheu: descreve o problema e pode juntar até {GUARANTEE_MAX_PHOTOS} fotografias. Há uma garantia por projeto.
        </p>
        <p>
          O profissional responde na plataforma: aceita e marca uma visita para resolver o problema, ou contesta, explicando porquê. Ao candidatar-se, o
          profissional compromete-se a responder aos pedidos de garantia e a corrigir, sem custos adicionais, os defeitos que resultem do seu trabalho. A nossa
          equipa acompanha o pedido e encerra-o.
        </p>
        <p>Esta garantia acresce aos direitos que a lei dá ao cliente perante o profissional e não os limita.</p>
      </>
    ),
  },
  {
    id: 'avaliacoes',
    title: 'Avaliações',
    body: (
      <ul>
        <li>
          Só o cliente que escolheu um profissional num projeto concluído pode avaliá-lo, uma vez por projeto. Assim, todas as avaliações vêm de quem contratou
          o profissional através do {PRODUCT_NAME}.
        </li>
        <li>
          As avaliações são moderadas: só são publicadas depois de aprovadas pela nossa equipa, que não altera o seu conteúdo. Recusamos avaliações com
          insultos, dados pessoais, publicidade, conteúdo falso ou sem relação com o trabalho.
        </li>
        <li>A avaliação aprovada é publicada com o nome e a fotografia de perfil do cliente.</li>
        <li>A nota média de cada profissional conta apenas as avaliações aprovadas.</li>
      </ul>
    ),
  },
  {
    id: 'regras',
    title: 'Regras de utilização',
    body: (
      <>
        <p>Não é permitido:</p>
        <ul>
          <li>dar informações falsas, fazer-se passar por outra pessoa ou criar projetos fictícios;</li>
          <li>usar os contactos obtidos para outros fins que não o projeto a que dizem respeito;</li>
          <li>publicar conteúdo ofensivo, discriminatório, ilegal ou que viole direitos de terceiros;</li>
          <li>recolher dados do {PRODUCT_NAME} de forma automática ou tentar contornar a sua segurança;</li>
          <li>usar a plataforma para atividades ilegais ou para enviar publicidade não pedida.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'fim',
    title: 'Suspensão e fim da conta',
    body: (
      <>
        <p>
          Pode eliminar a sua conta a qualquer momento em «Minha Conta». Os dados pessoais são apagados, exceto os que a lei nos obriga a guardar (por exemplo,
          os registos de pagamentos), como explica a <Link to={LEGAL_PATHS.privacidade}>Política de Privacidade</Link>.
        </p>
        <p>Podemos suspender ou encerrar uma conta que viole estes termos. Sempre que possível, avisamos antes e dizemos porquê, e a pessoa pode responder.</p>
      </>
    ),
  },
  {
    id: 'responsabilidade',
    title: 'Responsabilidade',
    body: (
      <>
        <p>
          Fazemos o possível para que o {PRODUCT_NAME} funcione sem interrupções e com segurança, mas podem existir paragens para manutenção ou por falhas
          alheias.
        </p>
        <p>
          Não respondemos pelos trabalhos contratados entre clientes e profissionais, nem pelo que cada um diz ou faz fora da plataforma. Nada nestes termos
          afasta a responsabilidade que a lei não permite afastar (por dolo ou culpa grave) nem limita os direitos dos consumidores.
        </p>
      </>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações a estes termos',
    body: (
      <p>
        A data da versão em vigor está no topo desta página. Quando os termos ou a Política de Privacidade mudarem, pedimos de novo a sua aceitação no início de
        sessão seguinte. Se não concordar com a nova versão, pode descarregar os seus dados e eliminar a conta em «Minha Conta», sem aceitar.
      </p>
    ),
  },
  {
    id: 'reclamacoes',
    title: 'Reclamações e resolução de litígios',
    body: (
      <>
        <p>
          Pode fazer uma reclamação para <a href={`mailto:${APOIO_EMAIL}`}>{APOIO_EMAIL}</a> ou no{' '}
          <ExternalLink href={LIVRO_RECLAMACOES_URL}>Livro de Reclamações Eletrónico</ExternalLink>.
        </p>
        <p>
          Em caso de litígio de consumo, o consumidor pode recorrer a uma entidade de resolução alternativa de litígios, como o CNIACC – Centro Nacional de
          Informação e Arbitragem de Conflitos de Consumo (<ExternalLink href="https://www.cniacc.pt/">www.cniacc.pt</ExternalLink>). A lista completa destas
          entidades está no Portal do Consumidor (<ExternalLink href="https://www.consumidor.gov.pt/">www.consumidor.gov.pt</ExternalLink>).
        </p>
      </>
    ),
  },
  {
    id: 'lei',
    title: 'Lei aplicável',
    body: (
      <p>
        Estes termos regem-se pela lei portuguesa. Os litígios são resolvidos pelos tribunais competentes nos termos da lei, sem prejuízo das normas que
        protegem os consumidores.
      </p>
    ),
  },
];

export function TermosPage() {
  return (
    <LegalPage
      title="Termos e Condições"
      lead={
        <p>
          Estes termos regulam a utilização do {PRODUCT_NAME}. Ao criar conta, declara que os leu e aceita, bem como a{' '}
          <Link to={LEGAL_PATHS.privacidade}>Política de Privacidade</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
