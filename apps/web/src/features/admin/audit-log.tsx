import { forwardRef, useState } from 'react';
import { TableWrap } from '../../components/ui/table-wrap';
import { auditActionLabel, auditTargetLabel, formatDateTime } from '@tc/shared';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useAuditLog, type AuditEntry } from './admin-api';

const ACTOR: Record<string, string> = { cliente: 'Cliente', profissional: 'Profissional', admin: 'Administrador' };

// Actions and targets by their shared labels (catalogue/audit.ts): the log never shows a stored code.
const target = (e: AuditEntry) => (e.alvoId == null ? '—' : `${auditTargetLabel(e.alvoTipo)} #${e.alvoId}`);

/** One short human line from the entry's details, when they say something useful. */
function detail(e: AuditEntry): string {
  const d = e.detalhes ?? {};
  switch (e.acao) {
    case 'PROJETO_CREDITOS':
      return d.antes == null ? `${d.depois} créditos` : `${d.antes} → ${d.depois} créditos`;
    case 'PROJETO_ELIMINADO': {
      const n = Number(d.reembolsos ?? 0);
      return [d.titulo, n ? `${n} ${n === 1 ? 'reembolso' : 'reembolsos'}` : null].filter(Boolean).join(' · ');
    }
    case 'DOCUMENTO_VISTO':
      return d.lado === 'verso' ? 'Verso do CC' : 'Frente do CC';
    case 'PROFISSIONAL_VERIFICADO':
    case 'PROFISSIONAL_RECUSADO':
      return d.documentosEliminados ? 'Documentos eliminados' : '';
    case 'PAGAMENTO_CONCILIADO':
      return typeof d.evento === 'string' ? d.evento : '';
    case 'ADMIN_CRIADO':
      return typeof d.email === 'string' ? d.email : '';
    case 'REVIEW_ELIMINADA':
      return typeof d.comentario === 'string' ? `“${d.comentario.length > 60 ? `${d.comentario.slice(0, 57)}…` : d.comentario}”` : '';
    default:
      return '';
  }
}

const who = (e: AuditEntry) => e.adminNome ?? `${ACTOR[e.actorTipo] ?? 'Utilizador'}${e.actorId ? ` #${e.actorId}` : ''}`;

/** The dashboard's 'Registo de auditoria': who did what to which record (newest first). */
export const AuditLog = forwardRef<HTMLElement>(function AuditLog(_props, ref) {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <section id="auditoria" ref={ref} tabIndex={-1} className="card admin-section" aria-labelledby="auditoria-titulo">
      <h2 id="auditoria-titulo">Registo de auditoria</h2>
      <p className="muted">Cada ação da administração fica registada, incluindo cada visualização de documentos de identificação.</p>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorState text="Não foi possível carregar o registo de auditoria." onRetry={() => log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <EmptyState text="Ainda não há ações registadas." />
      ) : (
        <>
          <TableWrap label="Registo de auditoria">
            <table className="admin-table stacked">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Administrador</th>
                  <th scope="col">Ação</th>
                  <th scope="col">Alvo</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((e) => {
                  const extra = detail(e);
                  return (
                    <tr key={e.id}>
                      <td data-label="Data" className="nowrap">
                        {formatDateTime(e.criadoEm)}
                      </td>
                      <td data-label="Administrador">{who(e)}</td>
                      <td data-label="Ação">
                        <div>
                          <span className="audit-action">{auditActionLabel(e.acao)}</span>
                          {extra && <span className="cell-sub">{extra}</span>}
                        </div>
                      </td>
                      <td data-label="Alvo" className="nowrap">
                        {target(e)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
          <Pagination page={page} hasMore={log.data.hasMore} onChange={setPage} label="Paginação do registo de auditoria" />
        </>
      )}
    </section>
  );
});
