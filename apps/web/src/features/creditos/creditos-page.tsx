import { Link } from 'react-router';
import { Check, Coins, Info } from 'lucide-react';
import { CREDIT_PLANS, formatEuros, type CreditPlan } from '@tc/shared';
import { usePageTitle } from '../../components/ui/page-title';
import './creditos.css';

function PlanCard({ plan }: { plan: CreditPlan }) {
  const titleId = `plano-${plan.value}`;
  return (
    <li className="plan-item">
      <article className={`plan-card${plan.destaque ? ' plan-card-featured' : ''}`} aria-labelledby={titleId}>
        {plan.destaque && <span className="plan-ribbon">Mais popular</span>}
        <h2 id={titleId} className="plan-name">
          {plan.nome}
        </h2>
        <p className="plan-price">
          <span className="plan-price-value">{formatEuros(plan.precoEuros)}</span>
        </p>
        <p className="plan-credits">
          <Coins size={20} aria-hidden /> <strong>{plan.creditos} créditos</strong>
        </p>
        <p className="plan-per-credit">{formatEuros(plan.precoEuros / plan.creditos)} por crédito</p>
        <ul className="plan-perks">
          <li>
            <Check size={16} aria-hidden /> Pagamento único, sem subscrição
          </li>
          <li>
            <Check size={16} aria-hidden /> Os créditos não expiram
          </li>
        </ul>
        <Link
          to={`/checkout/${plan.value}`}
          className={`btn btn-block ${plan.destaque ? 'btn-primary' : 'btn-outline'}`}
          aria-label={`Selecionar o plano ${plan.nome}`}
        >
          Selecionar
        </Link>
      </article>
    </li>
  );
}

export function CreditosPage() {
  usePageTitle('Planos de Créditos');
  return (
    <div className="container page creditos">
      <header className="creditos-hero">
        <h1>Planos de Créditos</h1>
        <p className="lead-left">Compre créditos e use-os para se candidatar aos projetos publicados por clientes em Lisboa, Setúbal, Porto e Algarve.</p>
      </header>

      <ul className="plan-grid" aria-label="Planos disponíveis">
        {CREDIT_PLANS.map((plan) => (
          <PlanCard key={plan.value} plan={plan} />
        ))}
      </ul>

      <section className="credit-note" aria-labelledby="como-funcionam">
        <h2 id="como-funcionam">
          <Info size={22} aria-hidden /> Como funcionam os créditos
        </h2>
        <ul>
          <li>
            Os créditos necessários para cada orçamento ou projeto são atribuídos pela nossa equipa (back office), de acordo com a complexidade do projeto.
          </li>
          <li>Ao candidatar-se a um projeto, os contactos do cliente (telefone e e-mail) ficam visíveis para si.</li>
          <li>Cada projeto aceita no máximo 5 profissionais: a concorrência é sempre limitada.</li>
          <li>O preço em créditos é sempre mostrado antes de gastar: nunca é cobrado sem confirmar.</li>
          <li>Sem subscrição nem mensalidades: paga apenas quando compra um plano, e os créditos não expiram.</li>
        </ul>
      </section>
    </div>
  );
}
