import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TrendingUp } from 'lucide-react';
import { APPLICATION_OUTCOME_LABELS, formatDate, formatMonthYear, type ApplicationItem, type ApplicationOutcome, type Paged, type Retorno } from '@tc/shared';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { api } from '../../lib/api';
import { creditsText } from './job-bits';
import './retorno.css';

const as = 'profissional' as const;
export const APPLICATIONS_PAGE_SIZE = 5;

export const useRetorno = (id: number | null) =>
  useQuery({
    queryKey: ['profissional', 'retorno', id],
    queryFn: ({ signal }) => api<Retorno>('/profissional/retorno', { as, signal }),
    enabled: id !== null,
  });

/** My applications with what came of each, a short page at a time. */
export const useApplicationOutcomes = (id: number | null, page: number) =>
  useQuery({
    queryKey: ['profissional', 'candidaturas', id, page, APPLICATIONS_PAGE_SIZE],
    queryFn: ({ signal }) => api<Paged<ApplicationItem>>(`/creditos/profissional/${id}?page=${page}&pageSize=${APPLICATIONS_PAGE_SIZE}`, { as, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

const OUTCOME_CLASS: Record<ApplicationOutcome, string> = {
  ESCOLHIDO: 'badge-success',
  NAO_ESCOLHIDO: 'outcome-muted',
  EM_ABERTO: '',
  FECHADO: 'outcome-muted',
  REEMBOLSADO: 'badge-warning',
};
const OUTCOME_HINT: Record<ApplicationOutcome, string> = {
  ESCOLHIDO: 'O cliente escolheu-o para este trabalho.',
  NAO_ESCOLHIDO: 'O cliente escolheu outro profissional.',
  EM_ABERTO: 'O cliente ainda não escolheu ninguém.',
  FECHADO: 'Concluído sem escolher ninguém.',
  REEMBOLSADO: 'Os créditos voltaram ao seu saldo.',
};

export function OutcomeBadge({ resultado }: { resultado: ApplicationOutcome }) {
  return <span className={`badge outcome ${OUTCOME_CLASS[resultado]}`}>{APPLICATION_OUTCOME_LABELS[resultado]}</span>;
}

const n = (v: number) => v.toLocaleString('pt-PT');
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100).toLocaleString('pt-PT')} %`);

function Figures({ retorno }: { retorno: Retorno }) {
  const t = retorno.totais;
  const tiles: { label: string; value: string; note?: string }[] = [
    { label: 'Créditos gastos', value: n(t.creditosGastos), note: t.creditosReembolsados ? `${n(t.creditosReembolsados)} reembolsados` : undefined },
    { label: 'Candidaturas', value: n(t.candidaturas) },
    { label: 'Vezes escolhido', value: n(t.escolhido), note: `${percent(t.escolhido, t.candidaturas)} das candidaturas` },
    { label: 'Avaliações recebidas', value: n(t.avaliacoes) },
  ];
  return (
    <dl className="roi-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="roi-tile">
          <dt>{tile.label}</dt>
          <dd>
            <span className="roi-value">{tile.value}</span>
            {tile.note && <span className="roi-note">{tile.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Months({ retorno }: { retorno: Retorno }) {
  // Newest first, like every other list of the dashboard.
  const months = [...retorno.meses].reverse();
  const t = retorno.totais;
  if (t.candidaturas === 0 && t.escolhido === 0 && t.avaliacoes === 0 && t.creditosReembolsados === 0) {
    return <p className="roi-empty muted">Sem candidaturas, escolhas nem avaliações nos últimos 12 meses.</p>;
  }
  return (
    <div className="ledger-wrap roi-months">
      <p className="roi-phone-note muted small">Meses sem movimento não são mostrados.</p>
      <table className="ledger roi-table">
        <caption className="sr-only">O seu retorno por mês, nos últimos 12 meses, do mais recente para o mais antigo</caption>
        <thead>
          <tr>
            <th scope="col">Mês</th>
            <th scope="col" className="num">
              Créditos gastos
            </th>
            <th scope="col" className="num">
              Candidaturas
            </th>
            <th scope="col" className="num">
              Escolhido
            </th>
            <th scope="col" className="num">
              Avaliações
            </th>
            <th scope="col" className="num">
              Reembolsos
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => {
            const idle = m.candidaturas === 0 && m.escolhido === 0 && m.avaliacoes === 0 && m.creditosReembolsados === 0;
            return (
              <tr key={m.mes} className={idle ? 'roi-idle' : undefined}>
                <th scope="row" data-label="Mês">
                  <span className="roi-month-long">{formatMonthYear(m.mes)}</span>
                </th>
                <td data-label="Créditos gastos" className="num">
                  {n(m.creditosGastos)}
                </td>
                <td data-label="Candidaturas" className="num">
                  {n(m.candidaturas)}
                </td>
                <td data-label="Escolhido" className="num">
                  {n(m.escolhido)}
                </td>
                <td data-label="Avaliações" className="num">
                  {n(m.avaliacoes)}
                </td>
                <td data-label="Reembolsos" className="num">
                  {m.creditosReembolsados ? `+${n(m.creditosReembolsados)}` : '0'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Outcomes({ id }: { id: number | null }) {
  const [page, setPage] = useState(1);
  const list = useApplicationOutcomes(id, page);
  if (list.isPending) return <Loading text="A carregar as candidaturas..." />;
  if (list.isError) return <ErrorState text="Erro ao carregar chamados." onRetry={() => list.refetch()} />;
  if (list.data.items.length === 0 && page === 1) {
    return (
      <EmptyState text="Ainda não se candidatou a nenhum projeto.">
        <Link to="/areadoprofissional/buscar-trabalhos" className="btn btn-outline">
          Procurar trabalhos
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="outcome-list" aria-busy={list.isFetching || undefined}>
        {list.data.items.map((a) => (
          <li key={a.id} className="outcome-item">
            <div className="outcome-main">
              <span className="outcome-title">{a.request.titulo}</span>
              <span className="muted small">
                <time dateTime={a.criadoEm}>{formatDate(a.criadoEm)}</time> · {creditsText(a.creditos)} · {OUTCOME_HINT[a.resultado]}
              </span>
            </div>
            <OutcomeBadge resultado={a.resultado} />
          </li>
        ))}
      </ul>
      <Pagination page={list.data.page} hasMore={list.data.hasMore} onChange={setPage} label="Páginas das candidaturas" />
    </>
  );
}

/** "O seu retorno": what the credits bought, month by month, and the outcome of each application. */
export function RetornoSection({ id }: { id: number | null }) {
  const retorno = useRetorno(id);
  return (
    <section className="roi" aria-labelledby="retorno-title">
      <h2 id="retorno-title" className="roi-title">
        <TrendingUp size={24} aria-hidden /> O seu retorno
      </h2>
      <p className="muted roi-lead">Os últimos 12 meses: o que gastou em candidaturas, quantas vezes foi escolhido e o que recebeu de volta.</p>
      {id === null ? null : retorno.isPending ? (
        <Loading text="A calcular o seu retorno..." />
      ) : retorno.isError ? (
        <ErrorState text="Não foi possível calcular o seu retorno." onRetry={() => retorno.refetch()} />
      ) : (
        <>
          <Figures retorno={retorno.data} />
          <Months retorno={retorno.data} />
        </>
      )}
      <h3 className="roi-subtitle">As suas candidaturas</h3>
      <Outcomes id={id} />
    </section>
  );
}
