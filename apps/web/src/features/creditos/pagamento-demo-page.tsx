import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { formatDateTime, formatEuros } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { MessageDialog } from '../../components/ui/message-dialog';
import { usePageTitle } from '../../components/ui/page-title';
import { ErrorState, Loading } from '../../components/ui/states';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { cancelDemoPayment, confirmDemoPayment, demoReference, fetchPayment, paymentKey, planName, type Payment } from './creditos-api';
import { methodLabel } from './payment-methods';
import './creditos.css';

function MethodDemo({ payment }: { payment: Payment }) {
  const amount = formatEuros(payment.valorCentimos / 100);
  if (payment.metodo === 'multibanco') {
    return (
      <section className="mb-reference" aria-labelledby="ref-mb">
        <h2 id="ref-mb">
          Referência Multibanco <span className="badge badge-warning">Demonstração</span>
        </h2>
        <dl>
          <div>
            <dt>Entidade</dt>
            <dd>00000</dd>
          </div>
          <div>
            <dt>Referência</dt>
            <dd>{demoReference(payment.id)}</dd>
          </div>
          <div>
            <dt>Montante</dt>
            <dd>{amount}</dd>
          </div>
        </dl>
        <p className="mb-reference-note">
          Dados fictícios, apenas para demonstração: não pague esta referência. Num pagamento real, pagaria num caixa Multibanco ou no homebanking e os créditos
          chegariam quando o banco confirmasse o pagamento.
        </p>
      </section>
    );
  }
  return (
    <p className="muted">
      {payment.metodo === 'mb_way'
        ? 'Num pagamento real, receberia um pedido na app MB WAY do seu telemóvel para aprovar.'
        : 'Num pagamento real, introduziria aqui os dados do seu cartão numa página segura.'}{' '}
      Aqui pode simplesmente confirmar ou cancelar.
    </p>
  );
}

function Closed({ payment }: { payment: Payment }) {
  const paid = payment.estado === 'PAGO';
  return (
    <div className={`alert ${paid ? 'alert-success' : 'alert-info'} closed-payment`} role="status">
      {paid ? <CheckCircle2 size={22} aria-hidden /> : <XCircle size={22} aria-hidden />}
      <div>
        <p>
          {paid
            ? `Este pagamento já foi confirmado${payment.pagoEm ? ` em ${formatDateTime(payment.pagoEm)}` : ''}: os ${payment.creditos} créditos já estão na sua conta.`
            : payment.estado === 'CANCELADO'
              ? 'Este pagamento foi cancelado. Nenhum valor foi cobrado.'
              : 'Este pagamento não foi concluído. Nenhum valor foi cobrado.'}
        </p>
        <Link to="/areadoprofissional/menu" className="btn btn-secondary">
          Ir para a Área do Profissional
        </Link>
      </div>
    </div>
  );
}

export function PagamentoDemoPage() {
  usePageTitle('Pagamento (demonstração)');
  const { id: raw = '' } = useParams();
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<'confirmar' | 'cancelar' | null>(null);

  const query = useQuery({
    queryKey: paymentKey(id),
    queryFn: ({ signal }) => fetchPayment(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });

  const act = useCallback(
    async (kind: 'confirmar' | 'cancelar') => {
      if (id === null) return;
      setAction(kind);
      try {
        const payment = kind === 'confirmar' ? await confirmDemoPayment(id) : await cancelDemoPayment(id);
        queryClient.setQueryData(paymentKey(id), payment);
        // Balance, history and purchases elsewhere are now out of date.
        await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'pagamento' });
        navigate(kind === 'confirmar' ? `/sucesso?pagamento=${id}` : `/cancelado?pagamento=${id}`);
      } catch (e) {
        setError(
          errorMessage(
            e,
            kind === 'confirmar' ? 'Não foi possível confirmar o pagamento. Tente novamente.' : 'Não foi possível cancelar o pagamento. Tente novamente.',
          ),
        );
      } finally {
        setAction(null);
      }
    },
    [id, navigate, queryClient],
  );
  const [run, busy] = useSingleFlight(act);

  let body;
  if (id === null) body = <ErrorState text="Pagamento não encontrado." />;
  else if (query.isPending) body = <Loading text="A carregar o pagamento..." />;
  else if (query.isError) body = <ErrorState text={errorMessage(query.error, 'Não foi possível carregar o pagamento.')} onRetry={() => void query.refetch()} />;
  else {
    const p = query.data;
    body = (
      <>
        <dl className="summary-list demo-details">
          <div>
            <dt>Plano</dt>
            <dd>{planName(p.plano)}</dd>
          </div>
          <div>
            <dt>Créditos</dt>
            <dd>{p.creditos}</dd>
          </div>
          <div>
            <dt>Método</dt>
            <dd>{methodLabel(p.metodo)}</dd>
          </div>
          <div className="summary-total">
            <dt>Montante</dt>
            <dd>{formatEuros(p.valorCentimos / 100)}</dd>
          </div>
        </dl>
        {p.estado === 'PENDENTE' ? (
          <>
            <MethodDemo payment={p} />
            <div className="demo-actions">
              <Button onClick={() => void run('confirmar')} loading={busy && action === 'confirmar'} disabled={busy}>
                Confirmar pagamento (demonstração)
              </Button>
              <Button variant="outline" onClick={() => void run('cancelar')} loading={busy && action === 'cancelar'} disabled={busy}>
                Cancelar
              </Button>
            </div>
          </>
        ) : (
          <Closed payment={p} />
        )}
      </>
    );
  }

  return (
    <div className="container page">
      <div className="demo-banner" role="note">
        <AlertTriangle size={24} aria-hidden />
        <div>
          <strong>Pagamento de demonstração: nenhum valor é cobrado.</strong>
          <span>Os pagamentos reais ainda não estão configurados neste servidor; este ecrã simula o fornecedor de pagamentos.</span>
        </div>
      </div>
      <section className="card demo-card" aria-labelledby="demo-title">
        <h1 id="demo-title">Pagamento{id !== null ? ` n.º ${id}` : ''}</h1>
        {body}
      </section>
      <MessageDialog open={error !== null} kind="error" title="Erro no pagamento" text={error ?? ''} onClose={() => setError(null)} />
    </div>
  );
}
