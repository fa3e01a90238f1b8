import { useState } from 'react';
import { CalendarCheck, CircleUser, Clock, Coins, Search, Star } from 'lucide-react';
import { MenuCards, type MenuCard } from '../../components/ui/menu-cards';
import { Link } from 'react-router';
import { formatDateTime, formatEuros, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@tc/shared';
import { Pagination } from '../../components/ui/pagination';
import { usePageTitle } from '../../components/ui/page-title';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { creditsText } from './job-bits';
import { ownProfissionalId, planName, useCreditBalance, useLedger, useOwnProfile, usePendingPayments, type LedgerType } from './profissional-api';
import { RetornoSection } from './retorno-section';
import { SelosSection } from './selos-section';
import { ProfessionalGuarantees } from '../garantias';
import './profissional.css';

const CARDS: MenuCard[] = [
  {
    to: '/areadoprofissional/chamados-agendados',
    title: 'Chamados agendados',
    text: 'Os projetos a que se candidatou e os contactos dos clientes.',
    Icon: CalendarCheck,
  },
  { to: '/areadoprofissional/buscar-trabalhos', title: 'Procurar trabalhos', text: 'Pedidos abertos, por especialidade, distrito e urgência.', Icon: Search },
  { to: '/areadoprofissional/minhas-avaliacoes', title: 'As minhas avaliações', text: 'O que os clientes dizem do seu trabalho.', Icon: Star },
  { to: '/conta', title: 'Minha conta', text: 'Dados pessoais, senha e privacidade.', Icon: CircleUser },
];

const LEDGER_LABELS: Record<LedgerType, string> = {
  COMPRA: 'Compra',
  CANDIDATURA: 'Candidatura',
  REEMBOLSO: 'Reembolso',
  AJUSTE: 'Ajuste',
};

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('pt-PT')}` : `-${Math.abs(n).toLocaleString('pt-PT')}`);
const methodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as PaymentMethod] ?? m;

function Balance({ id }: { id: number | null }) {
  const balance = useCreditBalance(id);
  // Spec §8: unknown or failed balance shows 0, silently.
  const value = balance.data?.creditosRestantes ?? 0;
  return (
    <section className="card balance-card" aria-labelledby="saldo-title">
      <span className="balance-icon" aria-hidden>
        <Coins size={28} />
      </span>
      <div className="balance-body">
        <h2 id="saldo-title" className="balance-label">
          Créditos disponíveis
        </h2>
        <p className="balance-value" aria-live="polite" aria-busy={balance.isPending && id !== null}>
          {value.toLocaleString('pt-PT')}
        </p>
      </div>
      <Link to="/creditos" className="btn btn-primary balance-buy">
        Comprar créditos
      </Link>
    </section>
  );
}

function PendingPurchases({ id }: { id: number | null }) {
  const payments = usePendingPayments(id);
  const pending = payments.data?.items ?? [];
  if (pending.length === 0) return null;
  return (
    <section className="pending" aria-labelledby="pendentes-title">
      <h2 id="pendentes-title" className="section-title">
        <Clock size={20} aria-hidden /> Compras a aguardar pagamento
      </h2>
      <ul className="pending-list">
        {pending.map((p) => (
          <li key={p.id} className="pending-item">
            <div>
              <strong>Plano {planName(p.plano)}</strong>: {creditsText(p.creditos)} por {formatEuros(p.valorCentimos / 100)}
              <span className="muted">
                {' '}
                · {methodLabel(p.metodo)} · {formatDateTime(p.criadoEm)}
              </span>
            </div>
            <span className="pending-actions">
              <span className="badge badge-warning">Pendente</span>
              {p.provider === 'demo' && <Link to={`/pagamento-demo/${p.id}`}>Continuar pagamento</Link>}
            </span>
          </li>
        ))}
      </ul>
      {payments.data?.hasMore && <p className="muted small">Há mais compras pendentes: mostram-se as mais recentes.</p>}
      <p className="muted small">Os créditos são adicionados assim que o pagamento for confirmado (numa referência Multibanco pode demorar algumas horas).</p>
    </section>
  );
}

function History({ id }: { id: number | null }) {
  const [page, setPage] = useState(1);
  const ledger = useLedger(id, page);
  if (id === null) return <EmptyState text="Ainda não há movimentos de créditos." />;
  if (ledger.isPending) return <Loading text="A carregar o histórico..." />;
  if (ledger.isError) return <ErrorState text="Erro ao carregar histórico." onRetry={() => ledger.refetch()} />;
  if (ledger.data.items.length === 0) {
    return (
      <EmptyState text="Ainda não há movimentos de créditos.">
        <Link to="/creditos" className="btn btn-outline">
          Ver planos de créditos
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <div className="ledger-wrap">
        <table className="ledger">
          <caption className="sr-only">Histórico de créditos, mais recentes primeiro</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Tipo</th>
              <th scope="col">Descrição</th>
              <th scope="col" className="num">
                Créditos
              </th>
              <th scope="col" className="num">
                Saldo
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.data.items.map((e) => (
              <tr key={e.id}>
                <td data-label="Data">
                  <time dateTime={e.criadoEm}>{formatDateTime(e.criadoEm)}</time>
                </td>
                <td data-label="Tipo">
                  <span className={`ledger-type ledger-${e.tipo.toLowerCase()}`}>{LEDGER_LABELS[e.tipo] ?? e.tipo}</span>
                </td>
                <td data-label="Descrição" className="ledger-desc">
                  {e.descricao ?? '—'}
                  {e.tipo === 'COMPRA' && e.paymentId !== null && (
                    <>
                      {' · '}
                      <Link to={`/recibo/${e.paymentId}`} aria-label={`Recibo da compra de ${formatDateTime(e.criadoEm)}`}>
                        Recibo
                      </Link>
                    </>
                  )}
                </td>
                <td data-label="Créditos" className={`num ${e.delta >= 0 ? 'delta-plus' : 'delta-minus'}`}>
                  {signed(e.delta)}
                </td>
                <td data-label="Saldo" className="num">
                  {e.saldoApos.toLocaleString('pt-PT')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={ledger.data.page} hasMore={ledger.data.hasMore} onChange={setPage} label="Páginas do histórico de créditos" />
    </>
  );
}

export function ProfissionalMenuPage() {
  usePageTitle('Área do Profissional');
  const id = ownProfissionalId();
  const profile = useOwnProfile(id);
  const firstName = profile.data?.nome.trim().split(/\s+/)[0];

  return (
    <div className="container">
      <div className="page prof-menu">
        <header className="menu-hero">
          <h1>Área do Profissional</h1>
          <p className="lead-left">{firstName ? `Olá, ${firstName}! ` : 'Olá! '}Encontre trabalhos perto de si e acompanhe as suas candidaturas.</p>
        </header>

        <Balance id={id} />

        <MenuCards label="Área do Profissional" cards={CARDS} />

        <PendingPurchases id={id} />

        <SelosSection id={id} />

        <ProfessionalGuarantees id={id} />

        <RetornoSection id={id} />

        <section className="history" aria-labelledby="historico-title">
          <h2 id="historico-title">Histórico de créditos</h2>
          <History id={id} />
        </section>
      </div>
    </div>
  );
}
