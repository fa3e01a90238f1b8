import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { formatEuros } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../components/ui/page-title';
import { ErrorState, Loading } from '../../components/ui/states';
import { errorMessage } from '../../lib/api';
import { getToken, useSession } from '../../lib/session';
import { fetchPayment, ownProfissionalId, paymentKey, planName, useCreditBalance, type Payment } from './creditos-api';
import { methodLabel } from './payment-methods';
import './creditos.css';

/** How often and for how long a pending payment (Multibanco, MB WAY) is checked again. */
export const POLL_MS = 3_000;
export const POLL_FOR_MS = 60_000;

function Actions() {
  return (
    <div className="notice-actions">
      <Link to="/areadoprofissional/buscar-trabalhos" className="btn btn-primary">
        Procurar trabalhos
      </Link>
      <Link to="/areadoprofissional/menu" className="btn btn-outline">
        Ir para a Área do Profissional
      </Link>
    </div>
  );
}

function Paid({ payment }: { payment: Payment }) {
  const balance = useCreditBalance(ownProfissionalId());
  return (
    <>
      <span className="notice-icon notice-icon-success" aria-hidden>
        <CheckCircle2 size={36} />
      </span>
      <h1>Pagamento aprovado</h1>
      <p className="notice-lead">
        Foram adicionados <strong>{payment.creditos} créditos</strong> à sua conta (plano {planName(payment.plano)}, {formatEuros(payment.valorCentimos / 100)}
        ).
      </p>
      <p className="balance-line" aria-live="polite">
        {balance.isPending ? (
          'A carregar o seu saldo...'
        ) : balance.isError ? (
          'Consulte o seu saldo na Área do Profissional.'
        ) : (
          <>
            Saldo atual: <strong>{balance.data.creditosRestantes} créditos</strong>
          </>
        )}
      </p>
      <p className="muted">Já pode candidatar-se a projetos: o preço em créditos de cada projeto é mostrado antes de confirmar.</p>
      <p>
        <Link to={`/recibo/${payment.id}`}>Ver o recibo da compra</Link>
      </p>
      <Actions />
    </>
  );
}

function Pending({ payment, polling, onCheck, checking }: { payment: Payment; polling: boolean; onCheck: () => void; checking: boolean }) {
  return (
    <>
      <span className="notice-icon notice-icon-warning" aria-hidden>
        <Clock size={36} />
      </span>
      <h1>Pagamento em processamento</h1>
      <p className="notice-lead">
        Recebemos o seu pedido de {payment.creditos} créditos (plano {planName(payment.plano)}, {methodLabel(payment.metodo)}).
      </p>
      <p>
        {payment.metodo === 'multibanco'
          ? 'Depois de pagar a referência Multibanco num caixa ou no homebanking, os créditos aparecem na sua conta assim que o banco confirmar o pagamento.'
          : 'Os créditos aparecem na sua conta assim que o pagamento for confirmado.'}
      </p>
      <p className="muted" role="status">
        {polling
          ? 'Esta página atualiza-se automaticamente.'
          : 'Ainda não recebemos a confirmação. Não precisa de esperar aqui: os créditos serão adicionados automaticamente.'}
      </p>
      {!polling && (
        <Button variant="outline" onClick={onCheck} loading={checking}>
          Verificar novamente
        </Button>
      )}
      <Actions />
    </>
  );
}

function NotCompleted() {
  return (
    <>
      <span className="notice-icon notice-icon-danger" aria-hidden>
        <XCircle size={36} />
      </span>
      <h1>Pagamento não concluído</h1>
      <p className="notice-lead">Este pagamento foi cancelado ou não foi aprovado. Nenhum valor foi cobrado.</p>
      <div className="notice-actions">
        <Link to="/creditos" className="btn btn-primary">
          Ver planos de créditos
        </Link>
        <Link to="/areadoprofissional/menu" className="btn btn-outline">
          Ir para a Área do Profissional
        </Link>
      </div>
    </>
  );
}

/** No purchase named (or nobody logged in): nothing is claimed about a payment we cannot see. */
function Neutral() {
  return (
    <>
      <span className="notice-icon notice-icon-warning" aria-hidden>
        <Clock size={36} />
      </span>
      <h1>Compra de créditos</h1>
      <p className="notice-lead">Não há nenhuma compra para mostrar nesta página.</p>
      <p className="muted">
        Se acabou de pagar, os créditos aparecem na sua conta assim que o pagamento for confirmado. Pode ver o saldo e o histórico na Área do Profissional.
      </p>
      <div className="notice-actions">
        <Link to="/areadoprofissional/menu" className="btn btn-primary">
          Ir para a Área do Profissional
        </Link>
        <Link to="/creditos" className="btn btn-outline">
          Ver planos de créditos
        </Link>
      </div>
    </>
  );
}

export function SucessoPage() {
  useSession();
  const [params] = useSearchParams();
  const raw = params.get('pagamento') ?? '';
  const id = /^\d+$/.test(raw) && getToken('profissional') ? Number(raw) : null;
  // Poll a pending payment for about a minute, then stop (a new round starts with "Verificar novamente").
  const [round, setRound] = useState(0);
  const [polling, setPolling] = useState(true);
  useEffect(() => {
    setPolling(true);
    const t = setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => clearTimeout(t);
  }, [round]);

  const query = useQuery({
    queryKey: paymentKey(id),
    queryFn: ({ signal }) => fetchPayment(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (polling && q.state.data?.estado === 'PENDENTE' ? POLL_MS : false),
  });

  const estado = query.data?.estado;
  usePageTitle(
    id === null
      ? 'Compra de créditos'
      : estado === 'PENDENTE'
        ? 'Pagamento em processamento'
        : estado === 'CANCELADO' || estado === 'FALHADO'
          ? 'Pagamento não concluído'
          : 'Pagamento aprovado',
  );

  let body;
  if (id === null) body = <Neutral />;
  else if (query.isPending) body = <Loading text="A confirmar o pagamento..." />;
  else if (query.isError) {
    body = (
      <>
        <h1>Pagamento</h1>
        <ErrorState text={errorMessage(query.error, 'Não foi possível verificar o pagamento.')} onRetry={() => void query.refetch()} />
      </>
    );
  } else if (query.data.estado === 'PAGO') body = <Paid payment={query.data} />;
  else if (query.data.estado === 'PENDENTE') {
    body = (
      <Pending
        payment={query.data}
        polling={polling}
        checking={query.isFetching}
        onCheck={() => {
          setRound((r) => r + 1);
          void query.refetch();
        }}
      />
    );
  } else body = <NotCompleted />;

  return (
    <div className="container page">
      <section className="card card-narrow notice-card result-card">{body}</section>
    </div>
  );
}
