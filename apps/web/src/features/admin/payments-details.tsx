import { Link } from 'react-router';
import { TableWrap } from '../../components/ui/table-wrap';
import { ArrowLeft } from 'lucide-react';
import { CREDIT_PLANS, formatDateTime, formatEuros, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { AdminLayout } from './admin-layout';
import { useAdminPayments, useAdminStats, type PaymentsKind } from './admin-api';
import { PaymentStateBadge, useListParams } from './admin-ui';
import { RevenueChart } from './charts';
import { PaymentsToReconcile } from './payments-to-reconcile';

const COPY: Record<PaymentsKind, { title: string; lead: string; empty: string; sum: string }> = {
  recebido: {
    title: 'Valor Recebido',
    lead: 'Pagamentos confirmados pelo fornecedor de pagamentos.',
    empty: 'Nenhum pagamento confirmado com estes filtros.',
    sum: 'Total recebido',
  },
  total: {
    title: 'Valor Total',
    lead: 'Todos os créditos vendidos ao valor do plano, incluindo referências Multibanco ainda por pagar.',
    empty: 'Nenhuma venda com estes filtros.',
    sum: 'Total vendido',
  },
};

const planName = (v: string) => CREDIT_PLANS.find((p) => p.value === v)?.nome ?? v;
const methodLabel = (m: string) => PAYMENT_METHOD_LABELS[m as PaymentMethod] ?? m;
const MONTH_RE = /^\d{4}-\d{2}$/;

/** /detalhes-recebido and /detalhes-valor: the payments behind the dashboard's two euro figures. */
export function PaymentsDetails({ tipo }: { tipo: PaymentsKind }) {
  const copy = COPY[tipo];
  const list = useListParams();
  const rawMes = list.get('mes');
  const mes = MONTH_RE.test(rawMes) ? rawMes : '';
  const plano = CREDIT_PLANS.some((p) => p.value === list.get('plano')) ? list.get('plano') : '';
  const payments = useAdminPayments(tipo, mes, plano, list.page);
  const stats = useAdminStats();
  const filtered = !!(mes || plano);

  return (
    <AdminLayout
      title={copy.title}
      lead={copy.lead}
      actions={
        <Link to="/dashboard" className="btn btn-outline">
          <ArrowLeft size={18} aria-hidden /> Voltar ao dashboard
        </Link>
      }
    >
      <div className="admin-toolbar card" role="search" aria-label="Filtrar pagamentos">
        <div className="toolbar-fields filters">
          <TextField label="Mês" type="month" value={mes} max={new Date().toISOString().slice(0, 7)} onChange={(e) => list.set('mes', e.target.value)} />
          <SelectField label="Plano" value={plano} onChange={(e) => list.set('plano', e.target.value)}>
            <option value="">Todos os planos</option>
            {CREDIT_PLANS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.nome} ({formatEuros(p.precoEuros)} · {p.creditos} créditos)
              </option>
            ))}
          </SelectField>
          {filtered && (
            <div className="toolbar-clear">
              <Button variant="ghost" onClick={() => list.setMany({ mes: '', plano: '' })}>
                Limpar filtros
              </Button>
            </div>
          )}
        </div>
      </div>

      {payments.isPending ? (
        <Loading text="A carregar pagamentos..." />
      ) : payments.isError ? (
        <ErrorState text="Não foi possível carregar os pagamentos." onRetry={() => payments.refetch()} />
      ) : (
        <section className="card admin-section" aria-labelledby="pagamentos-titulo" aria-busy={payments.isFetching || undefined}>
          <div className="section-head">
            <h2 id="pagamentos-titulo">Pagamentos</h2>
            <p className="sum-box" aria-live="polite">
              <span className="muted">
                {copy.sum}
                {filtered ? ' (filtrado)' : ''}
              </span>
              <strong>{formatEuros(payments.data.somaEuros)}</strong>
              <span className="muted">
                {payments.data.total} {payments.data.total === 1 ? 'pagamento' : 'pagamentos'}
              </span>
            </p>
          </div>
          {payments.data.items.length === 0 ? (
            <EmptyState text={copy.empty} />
          ) : (
            <>
              <TableWrap label="Pagamentos">
                <table className="admin-table stacked">
                  <thead>
                    <tr>
                      <th scope="col">Data</th>
                      <th scope="col">Profissional</th>
                      <th scope="col">Plano</th>
                      <th scope="col">Método</th>
                      <th scope="col">Estado</th>
                      <th scope="col" className="num">
                        Valor
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {payments.data.items.map((p) => (
                      <tr key={p.id}>
                        <td data-label="Data" className="nowrap">
                          {formatDateTime(p.criadoEm)}
                        </td>
                        <td data-label="Profissional">
                          <span className="strong">{p.profissionalNome ?? 'Conta eliminada'}</span>
                        </td>
                        <td data-label="Plano">
                          <div>
                            {planName(p.plano)}
                            <span className="cell-sub">{p.creditos} créditos</span>
                          </div>
                        </td>
                        <td data-label="Método">{methodLabel(p.metodo)}</td>
                        <td data-label="Estado">
                          <PaymentStateBadge estado={p.estado} />
                        </td>
                        <td data-label="Valor" className="num strong">
                          {formatEuros(p.valorCentimos / 100)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pagination page={list.page} hasMore={payments.data.hasMore} onChange={list.setPage} label="Paginação dos pagamentos" />
            </>
          )}
        </section>
      )}

      <PaymentsToReconcile />

      {stats.isSuccess && (
        <div className="admin-section-gap">
          <RevenueChart data={stats.data.receitaPorMes} title="Receita por mês" height={260} />
        </div>
      )}
    </AdminLayout>
  );
}
