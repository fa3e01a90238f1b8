import { useEffect, useRef, useState } from 'react';
import { TableWrap } from '../../components/ui/table-wrap';
import { useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { formatDateTime, formatEuros, PAYMENT_ANOMALY_LABELS, type PaymentAnomaly } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { adminKeys, useAdminPaymentAnomalies, type Paged } from './admin-api';

const EVENT_TYPES: Record<string, string> = {
  'checkout.session.completed': 'Sessão de pagamento concluída',
  'checkout.session.async_payment_succeeded': 'Pagamento confirmado (Multibanco)',
  'checkout.session.async_payment_failed': 'Pagamento falhado (Multibanco)',
  'checkout.session.expired': 'Sessão de pagamento expirada',
};

/** The amount as the event states it, in its own currency (euros when it is EUR). */
function amount(cents: number | null, currency: string | null) {
  if (cents === null) return 'Não indicado';
  if (!currency || currency.toLowerCase() === 'eur') return `${formatEuros(cents / 100)}${currency ? '' : ' (sem moeda)'}`;
  try {
    return new Intl.NumberFormat('pt-PT', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

function AnomalyRow({ item }: { item: PaymentAnomaly }) {
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: () => api<PaymentAnomaly>(`/admin/pagamentos/por-conciliar/${item.id}/resolver`, { method: 'PATCH', as: 'admin' }),
    onSuccess: (data) => {
      qc.setQueriesData<Paged<PaymentAnomaly>>({ queryKey: adminKeys.anomalies }, (old) =>
        old ? { ...old, items: old.items.map((a) => (a.id === data.id ? data : a)) } : old,
      );
      qc.invalidateQueries({ queryKey: adminKeys.stats });
      toast.success('Pagamento marcado como resolvido.');
    },
    onError: (e) => toast.error('Não foi possível marcar como resolvido.', { description: errorMessage(e, '') || undefined }),
  });
  const [markResolved, busy] = useSingleFlight(async () => {
    await resolve.mutateAsync().catch(() => {});
  });

  return (
    <tr>
      <td data-label="Evento">
        <div className="reconcile-event">
          <span className="strong">{EVENT_TYPES[item.tipo] ?? item.tipo}</span>
          <span className="cell-sub">Recebido a {formatDateTime(item.criadoEm)}</span>
          <code className="cell-sub reconcile-id">{item.eventoId}</code>
          {item.sessaoId && (
            <span className="cell-sub reconcile-session">
              Sessão <code className="reconcile-id">{item.sessaoId}</code>
            </span>
          )}
        </div>
      </td>
      <td data-label="Valor" className="num">
        <div>
          <span className="strong">{amount(item.valorCentimos, item.moeda)}</span>
          {item.esperadoCentimos !== null && <span className="cell-sub">Esperado {formatEuros(item.esperadoCentimos / 100)}</span>}
        </div>
      </td>
      <td data-label="Motivo">
        <div className="reconcile-reason">
          <span className="strong">{PAYMENT_ANOMALY_LABELS[item.codigo] ?? item.codigo}</span>
          <span className="cell-sub">{item.motivo}</span>
        </div>
      </td>
      <td data-label="Estado">
        {item.resolvidoEm ? (
          <div>
            <span className="badge badge-success">
              <CircleCheck size={14} aria-hidden /> Resolvido
            </span>
            <span className="cell-sub">
              {formatDateTime(item.resolvidoEm)}
              {item.resolvidoPorNome ? ` por ${item.resolvidoPorNome}` : ''}
            </span>
          </div>
        ) : (
          <div className="reconcile-open">
            <span className="badge badge-warning">
              <TriangleAlert size={14} aria-hidden /> Por resolver
            </span>
            <Button variant="outline" className="reconcile-btn" onClick={markResolved} loading={busy} aria-label={`Marcar como resolvido: ${item.eventoId}`}>
              Marcar como resolvido
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * The payments page's "Pagamentos por conciliar": Stripe events that credited nothing because they
 * did not match one of our purchases (docs/decisions/0003). The admin reconciles each in Stripe,
 * then marks it resolved.
 */
export function PaymentsToReconcile() {
  const [page, setPage] = useState(1);
  const list = useAdminPaymentAnomalies(page);
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // The dashboard's counter links here with #por-conciliar.
  const ready = !list.isPending;
  useEffect(() => {
    if (hash !== '#por-conciliar' || !ready) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [hash, ready]);

  return (
    <section
      id="por-conciliar"
      ref={ref}
      tabIndex={-1}
      className="card admin-section"
      aria-labelledby="por-conciliar-titulo"
      aria-busy={list.isFetching || undefined}
    >
      <h2 id="por-conciliar-titulo">Pagamentos por conciliar</h2>
      <p className="muted">
        Eventos do Stripe que não correspondem a uma compra nossa (sessão desconhecida, valor ou moeda diferentes): não foram atribuídos créditos. Verifique
        cada um no Stripe (por exemplo, reembolse) e marque-o como resolvido.
      </p>
      {list.isPending ? (
        <Loading text="A carregar pagamentos por conciliar..." />
      ) : list.isError ? (
        <ErrorState text="Não foi possível carregar os pagamentos por conciliar." onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState text="Não há pagamentos por conciliar." />
      ) : (
        <>
          <TableWrap label="Pagamentos por conciliar">
            <table className="admin-table stacked reconcile-table">
              <thead>
                <tr>
                  <th scope="col">Evento</th>
                  <th scope="col" className="num">
                    Valor
                  </th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Estado</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((a) => (
                  <AnomalyRow key={a.id} item={a} />
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination page={page} hasMore={list.data.hasMore} onChange={setPage} label="Paginação dos pagamentos por conciliar" />
        </>
      )}
    </section>
  );
}
