import { useState } from 'react';
import { TableWrap } from '../../components/ui/table-wrap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import {
  formatDateTime,
  LEAD_REPORT_DAYS,
  LEAD_REPORT_ESTADO_LABELS,
  LEAD_REPORT_MOTIVO_LABELS,
  PROJECT_STATUS_LABELS,
  type AdminLeadReport,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { PhoneText } from '../../components/ui/phone-text';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { AdminLayout } from './admin-layout';
import { adminKeys, useAdminLeadReports, type Paged } from './admin-api';

const creditos = (n: number) => `${n.toLocaleString('pt-PT')} ${n === 1 ? 'crédito' : 'créditos'}`;

function EstadoCell({ r }: { r: AdminLeadReport }) {
  const who = [r.decididoEm && formatDateTime(r.decididoEm), r.decididoPorNome && `por ${r.decididoPorNome}`].filter(Boolean).join(' ');
  if (r.estado === 'REEMBOLSADO') {
    return (
      <div>
        <span className="badge badge-success">
          <CircleCheck size={14} aria-hidden /> {LEAD_REPORT_ESTADO_LABELS.REEMBOLSADO}
        </span>
        {who && <span className="cell-sub">{who}</span>}
      </div>
    );
  }
  if (r.estado === 'RECUSADO') {
    return (
      <div>
        <span className="badge badge-danger">
          <CircleX size={14} aria-hidden /> {LEAD_REPORT_ESTADO_LABELS.RECUSADO}
        </span>
        {who && <span className="cell-sub">{who}</span>}
      </div>
    );
  }
  return <Decision r={r} />;
}

/** "Reembolsar" (one click: the server refunds once, whatever happens) or "Recusar". */
function Decision({ r }: { r: AdminLeadReport }) {
  const qc = useQueryClient();
  const decide = useMutation({
    mutationFn: (acao: 'reembolsar' | 'recusar') => api<AdminLeadReport>(`/admin/leads-reportados/${r.id}/${acao}`, { method: 'PATCH', as: 'admin' }),
    onSuccess: (data, acao) => {
      qc.setQueriesData<Paged<AdminLeadReport>>({ queryKey: adminKeys.leads }, (old) =>
        old ? { ...old, items: old.items.map((x) => (x.id === data.id ? data : x)) } : old,
      );
      if (acao === 'reembolsar') {
        toast.success('Créditos devolvidos.', { description: `${r.profissional?.nome ?? 'O profissional'} recebeu ${creditos(data.creditos)} e foi avisado.` });
      } else {
        toast.success('Reporte recusado.');
      }
    },
    onError: (e, acao) => {
      // Decided meanwhile (another admin, another tab): show what is true now.
      qc.invalidateQueries({ queryKey: adminKeys.leads });
      toast.error(acao === 'reembolsar' ? 'Não foi possível reembolsar.' : 'Não foi possível recusar.', { description: errorMessage(e, '') || undefined });
    },
  });
  const [run, busy] = useSingleFlight(async (acao: 'reembolsar' | 'recusar') => {
    await decide.mutateAsync(acao).catch(() => {});
  });
  const pending = busy ? decide.variables : undefined;
  const what = r.projeto?.titulo ?? `reporte n.º ${r.id}`;
  return (
    <div className="lead-decision">
      <span className="badge badge-warning">
        <Clock size={14} aria-hidden /> Por decidir
      </span>
      <div className="lead-decision-actions">
        <Button variant="secondary" onClick={() => run('reembolsar')} loading={pending === 'reembolsar'} disabled={busy} loadingText="A reembolsar...">
          Reembolsar<span className="sr-only">: {what}</span>
        </Button>
        <Button variant="outline" onClick={() => run('recusar')} loading={pending === 'recusar'} disabled={busy} loadingText="A recusar...">
          Recusar<span className="sr-only">: {what}</span>
        </Button>
      </div>
    </div>
  );
}

function ReportRow({ r }: { r: AdminLeadReport }) {
  return (
    <tr>
      <td data-label="Reporte">
        <div className="lead-reason">
          <span className="strong">{LEAD_REPORT_MOTIVO_LABELS[r.motivo]}</span>
          <span className="cell-sub">{formatDateTime(r.criadoEm)}</span>
          {r.nota && <q className="lead-note">{r.nota}</q>}
        </div>
      </td>
      <td data-label="Profissional">
        {r.profissional ? (
          <div>
            <span className="strong">{r.profissional.nome}</span>
            <a className="cell-sub" href={`mailto:${r.profissional.email}`}>
              {r.profissional.email}
            </a>
          </div>
        ) : (
          <span className="muted">Conta eliminada</span>
        )}
      </td>
      <td data-label="Projeto">
        {r.projeto ? (
          <div>
            <span className="strong">{r.projeto.titulo}</span>
            <span className="cell-sub">
              {r.projeto.clienteNome ?? 'Cliente eliminado'} · {PROJECT_STATUS_LABELS[r.projeto.status]}
            </span>
            <span className="cell-sub">
              Contacto:{' '}
              <span className="nowrap">
                <PhoneText value={r.projeto.contato} />
              </span>
            </span>
            <span className="cell-sub">Candidatura a {formatDateTime(r.candidatadoEm)}</span>
          </div>
        ) : (
          <span className="muted">Projeto eliminado</span>
        )}
      </td>
      <td data-label="Créditos" className="num nowrap">
        {creditos(r.creditos)}
      </td>
      <td data-label="Estado">
        <EstadoCell r={r} />
      </td>
    </tr>
  );
}

/**
 * "Leads reportados": contacts professionals paid for and reported as dead within LEAD_REPORT_DAYS
 * days. One click refunds (a ledger line, the balance, once); or the report is refused.
 */
export function LeadsReportadosPage() {
  const [page, setPage] = useState(1);
  const list = useAdminLeadReports(page);
  return (
    <AdminLayout
      title="Leads reportados"
      lead={`Contactos que os profissionais pagaram e reportaram nos ${LEAD_REPORT_DAYS} dias seguintes à candidatura (inválido, sem resposta ou duplicado). Os por decidir aparecem primeiro.`}
    >
      <section className="card admin-section flush" aria-label="Leads reportados" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <Loading text="A carregar leads reportados..." />
        ) : list.isError ? (
          <ErrorState text="Não foi possível carregar os leads reportados." onRetry={() => list.refetch()} />
        ) : list.data.items.length === 0 && page === 1 ? (
          <EmptyState text="Não há leads reportados." />
        ) : (
          <TableWrap label="Leads reportados">
            <table className="admin-table stacked leads-table">
              <thead>
                <tr>
                  <th scope="col">Reporte</th>
                  <th scope="col">Profissional</th>
                  <th scope="col">Projeto</th>
                  <th scope="col" className="num">
                    Créditos
                  </th>
                  <th scope="col">Estado</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((r) => (
                  <ReportRow key={r.id} r={r} />
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </section>
      {list.data && <Pagination page={page} hasMore={list.data.hasMore} onChange={setPage} label="Paginação dos leads reportados" />}
    </AdminLayout>
  );
}
