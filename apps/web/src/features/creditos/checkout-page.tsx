import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Lock, ShieldAlert, ShoppingCart } from 'lucide-react';
import { findPlan, formatEuros, IVA_TAXA, M, type CreditPlan, type PaymentMethod } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { MessageDialog } from '../../components/ui/message-dialog';
import { usePageTitle } from '../../components/ui/page-title';
import { ApiError, errorMessage } from '../../lib/api';
import { getToken, LOGIN_PATH, useSession } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { ownProfissionalId, startCheckout, useCreditBalance } from './creditos-api';
import { METHODS } from './payment-methods';
import { BillingFields, checkBilling, EMPTY_BILLING, type BillingErrors, type BillingForm } from './billing-fields';
import { externalRedirect } from './redirect';
import './creditos.css';

/** The page's heading and document title (the spec calls the screen "Checkout"; issue 12 names it "Pagamento"). */
const TITLE = 'Pagamento';
const START_ERROR = 'Não foi possível iniciar o pagamento. Tente novamente.';

function AccessDenied({ plano }: { plano: string }) {
  return (
    <div className="container page">
      <section className="card card-narrow notice-card" aria-labelledby="acesso-negado">
        <span className="notice-icon notice-icon-danger" aria-hidden>
          <ShieldAlert size={32} />
        </span>
        <h1 id="acesso-negado">{M.acessoNegado}</h1>
        <p>{M.apenasProfissionais}</p>
        <p className="muted">Inicie sessão com a sua conta de profissional para comprar créditos, ou crie uma conta gratuitamente.</p>
        <div className="notice-actions">
          <Link to={LOGIN_PATH.profissional} state={{ from: `/checkout/${plano}` }} className="btn btn-secondary">
            Entrar como profissional
          </Link>
          <Link to="/cadastro-profissional" className="btn btn-outline">
            Registar como profissional
          </Link>
        </div>
        <Link to="/creditos" className="back-link notice-back">
          <ArrowLeft size={18} aria-hidden /> Ver planos de créditos
        </Link>
      </section>
    </div>
  );
}

function NoPlan() {
  return (
    <div className="container page">
      <section className="card card-narrow notice-card" aria-labelledby="sem-plano">
        <span className="notice-icon" aria-hidden>
          <ShoppingCart size={32} />
        </span>
        <h1 id="sem-plano">{TITLE}</h1>
        <p>{M.nenhumPlano}</p>
        <Link to="/creditos" className="btn btn-secondary">
          Escolher um plano
        </Link>
      </section>
    </div>
  );
}

function Summary({ plan }: { plan: CreditPlan }) {
  const profissionalId = ownProfissionalId();
  const balance = useCreditBalance(profissionalId);
  const saldo = balance.data?.creditosRestantes;
  return (
    <section className="card checkout-summary" aria-labelledby="resumo">
      <h2 id="resumo">Resumo da compra</h2>
      <dl className="summary-list">
        <div>
          <dt>Plano</dt>
          <dd>
            {plan.nome}
            {plan.destaque && <span className="badge badge-warning">Mais popular</span>}
          </dd>
        </div>
        <div>
          <dt>Créditos</dt>
          <dd>{plan.creditos}</dd>
        </div>
        <div>
          <dt>Preço por crédito</dt>
          <dd>{formatEuros(plan.precoEuros / plan.creditos)}</dd>
        </div>
        {typeof saldo === 'number' && (
          <div>
            <dt>Saldo após a compra</dt>
            <dd>{saldo + plan.creditos} créditos</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
          <dd>{formatEuros(plan.precoEuros)}</dd>
        </div>
      </dl>
      <p className="summary-note">IVA incluído ({IVA_TAXA} %). Pagamento único: sem subscrição, e os créditos não expiram.</p>
      <Link to="/creditos" className="summary-change">
        Alterar plano
      </Link>
    </section>
  );
}

function CheckoutForm({ plan }: { plan: CreditPlan }) {
  const [metodo, setMetodo] = useState<PaymentMethod | null>(null);
  const [dialog, setDialog] = useState<null | { kind: 'warning' | 'error'; title: string; text: string }>(null);
  const [leaving, setLeaving] = useState(false);
  const [billing, setBilling] = useState<BillingForm>(EMPTY_BILLING);
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const billingRef = useRef<HTMLFieldSetElement>(null);
  /** Puts the focus on the first billing field in error, so a keyboard or screen-reader user lands on it. */
  const focusFirstError = (errors: BillingErrors) => {
    const first = (['nif', 'faturacaoNome', 'faturacaoMorada'] as const).find((k) => errors[k]);
    if (first) billingRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const confirm = useCallback(async () => {
    const checked = checkBilling(billing);
    setBillingErrors(checked.errors);
    if (!checked.ok) {
      focusFirstError(checked.errors);
      return;
    }
    if (!metodo) {
      setDialog({ kind: 'warning', title: M.metodoTitle, text: M.metodoText });
      return;
    }
    const profissionalId = ownProfissionalId();
    try {
      const res = await startCheckout({
        pacote: plan.nome,
        valor: String(plan.precoEuros * 100),
        ...(profissionalId !== null ? { profissionalId } : {}),
        metodo,
        ...checked.data,
      });
      if (!res?.url) {
        setDialog({ kind: 'error', title: 'Erro no pagamento', text: START_ERROR });
        return;
      }
      setLeaving(true);
      externalRedirect.go(res.url);
    } catch (e) {
      // The server's verdict on a billing field goes next to that field.
      const fields = e instanceof ApiError ? e.fields : {};
      const server: BillingErrors = { nif: fields.nif, faturacaoNome: fields.faturacaoNome, faturacaoMorada: fields.faturacaoMorada };
      if (server.nif || server.faturacaoNome || server.faturacaoMorada) {
        setBillingErrors(server);
        focusFirstError(server);
        return;
      }
      setDialog({ kind: 'error', title: 'Erro no pagamento', text: errorMessage(e, START_ERROR) });
    }
  }, [metodo, plan, billing]);
  const [run, busy] = useSingleFlight(confirm);

  return (
    <div className="container page checkout">
      <Link to="/creditos" className="back-link">
        <ArrowLeft size={18} aria-hidden /> Planos de créditos
      </Link>
      <h1>{TITLE}</h1>
      <p className="lead-left">
        Está a comprar o plano <strong>{plan.nome}</strong>: {plan.creditos} créditos por {formatEuros(plan.precoEuros)}.
      </p>

      <div className="checkout-grid">
        <Summary plan={plan} />

        <form
          className="checkout-main"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
          noValidate
        >
          <fieldset className="method-group">
            <legend>
              <h2>Forma de pagamento</h2>
            </legend>
            {METHODS.map((m) => {
              const id = `metodo-${m.value}`;
              return (
                <label key={m.value} className={`method-card${metodo === m.value ? ' selected' : ''}`} htmlFor={id}>
                  <input
                    type="radio"
                    id={id}
                    name="metodo"
                    value={m.value}
                    checked={metodo === m.value}
                    onChange={() => setMetodo(m.value)}
                    aria-describedby={`${id}-texto`}
                  />
                  <span className="method-body">
                    <span className="method-head">
                      <span className="method-label">{m.label}</span>
                      <span className="method-logos">
                        {m.logos.map((l) => (
                          <img key={l.alt} src={l.src} alt={l.alt} width={48} height={30} />
                        ))}
                      </span>
                    </span>
                    <span className="method-text" id={`${id}-texto`}>
                      {m.text}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>

          <BillingFields
            ref={billingRef}
            value={billing}
            errors={billingErrors}
            onChange={(next) => setBilling(next)}
            onErrors={(next) => setBillingErrors(next)}
          />

          <Button type="submit" block loading={busy || leaving} loadingText={leaving ? 'A abrir o pagamento...' : 'A iniciar o pagamento...'}>
            <Lock size={18} aria-hidden /> Confirmar pagamento
          </Button>
          <p className="checkout-secure muted">
            Será encaminhado para uma página de pagamento segura. Só depois de o pagamento ser confirmado são adicionados os créditos.
          </p>
        </form>
      </div>

      <MessageDialog open={dialog !== null} kind={dialog?.kind ?? 'warning'} title={dialog?.title ?? ''} text={dialog?.text} onClose={() => setDialog(null)} />
    </div>
  );
}

export function CheckoutPage() {
  const { plano = '' } = useParams();
  const plan = findPlan(plano);
  useSession(); // re-render on login/logout
  usePageTitle(TITLE);
  if (!getToken('profissional')) return <AccessDenied plano={plano} />;
  if (!plan) return <NoPlan />;
  return <CheckoutForm plan={plan} />;
}
