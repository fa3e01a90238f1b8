import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Building2,
  CalendarClock,
  ClipboardList,
  Coins,
  CreditCard,
  FileText,
  Filter,
  MessageSquareText,
  Search,
  ShieldCheck,
  Siren,
  Star,
  TrendingUp,
  UserPlus,
  UserRoundCheck,
  Users,
} from 'lucide-react';
import { GUARANTEE_RULES } from '@tc/shared/catalogue/garantias';
import { usePageTitle } from '../../components/ui/page-title';
import './home.css';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const CLIENT_STEPS: Step[] = [
  {
    icon: FileText,
    title: 'Publique o seu projeto em menos de 2 minutos',
    text: 'Diga o que precisa, onde e com que urgência. Publicar é gratuito e sem compromisso.',
  },
  {
    icon: Users,
    title: 'Receba candidaturas de profissionais verificados',
    text: 'Profissionais verificados da sua zona candidatam-se ao seu pedido e entram em contacto consigo.',
  },
  { icon: Star, title: 'Escolha e avalie', text: 'Compare perfis e avaliações, escolha quem prefere e, no fim, avalie o serviço para ajudar outros clientes.' },
];

const PRO_STEPS: Step[] = [
  { icon: UserPlus, title: 'Registo grátis', text: 'Crie a sua conta de profissional gratuitamente, em poucos minutos.' },
  { icon: UserRoundCheck, title: 'Complete o perfil', text: 'Fotografia, especialidades, contacto e documento de identificação para obter o selo Verificado.' },
  { icon: Coins, title: 'Compre créditos', text: 'Escolha o plano de créditos que lhe convém e pague com cartão, MB WAY ou Multibanco.' },
  {
    icon: Search,
    title: 'Candidate-se aos pedidos da sua zona',
    text: 'Veja os pedidos aprovados, candidate-se aos que lhe interessam e fale diretamente com o cliente.',
  },
];

const BENEFITS: Step[] = [
  { icon: Filter, title: 'Pedidos filtrados', text: 'Pedidos filtrados por zona, serviço e urgência: só vê o que faz sentido para si.' },
  { icon: CreditCard, title: 'Pagamento seguro', text: 'Pagamento seguro pela plataforma, com cartão, MB WAY ou Multibanco.' },
  { icon: CalendarClock, title: 'Flexibilidade de horários', text: 'Escolhe quando e quanto trabalha. Sem turnos nem exclusividade.' },
  { icon: BadgeCheck, title: 'Clientes validados', text: 'Acesso a clientes finais validados, com projetos revistos pela nossa equipa.' },
  { icon: TrendingUp, title: 'Crescimento da reputação', text: 'Avaliações públicas e selos como Verificado e Top Avaliado fazem crescer a sua reputação.' },
  { icon: Siren, title: 'Emergências 24 horas', text: 'Pedidos de emergência 24 horas, todos os dias, para quem quer trabalho urgente.' },
];

function Steps({ steps, label }: { steps: Step[]; label: string }) {
  return (
    <ol className="hiw-steps" aria-label={label}>
      {steps.map(({ icon: Icon, title, text }, i) => (
        <li className="card hiw-step" key={title}>
          <div className="hiw-step-top">
            <span className="hiw-step-num" aria-hidden="true">
              {i + 1}
            </span>
            <Icon className="hiw-step-icon" size={28} aria-hidden />
          </div>
          <h3>
            <span className="sr-only">Passo {i + 1}: </span>
            {title}
          </h3>
          <p className="muted">{text}</p>
        </li>
      ))}
    </ol>
  );
}

export function ComoFuncionaPage() {
  usePageTitle('Como funciona');
  // The home page's guarantee paragraph links to #garantia on this page.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#garantia') document.getElementById('garantia')?.scrollIntoView({ block: 'center' });
  }, [hash]);
  return (
    <div className="hiw">
      <section className="hiw-hero" aria-labelledby="hiw-title">
        <div className="container hiw-hero-inner">
          <p className="home-eyebrow">Simples, seguro e sem compromisso</p>
          <h1 id="hiw-title">Como funciona</h1>
          <p className="hiw-lead">
            O Técnico Certo liga quem precisa de um eletricista, de domótica ou de um canalizador a profissionais verificados em Lisboa, Setúbal, Porto e
            Algarve.
          </p>
          <nav className="hiw-jump" aria-label="Nesta página">
            <a href="#hiw-clientes">Sou cliente</a>
            <a href="#hiw-tecnicos">Sou técnico</a>
          </nav>
        </div>
      </section>

      <section className="home-section" aria-labelledby="hiw-clientes">
        <div className="container">
          <header className="home-section-head">
            <p className="home-eyebrow">Para clientes</p>
            <h2 id="hiw-clientes" tabIndex={-1}>
              Do pedido ao serviço concluído em três passos
            </h2>
          </header>
          <Steps steps={CLIENT_STEPS} label="Passos para clientes" />
          <div className="hiw-guarantee" id="garantia">
            <ShieldCheck size={32} aria-hidden />
            <div>
              <h3>{GUARANTEE_RULES.titulo}</h3>
              <p>{GUARANTEE_RULES.texto}</p>
              <p className="hiw-guarantee-note">{GUARANTEE_RULES.condicao}</p>
            </div>
          </div>
          <div className="hiw-cta">
            <Link className="btn btn-primary" to="/cadastro-cliente">
              Criar conta de cliente
            </Link>
            <Link className="home-cta-link" to="/">
              Ver serviços mais procurados
            </Link>
          </div>
        </div>
      </section>

      <section className="home-section home-section-alt" aria-labelledby="hiw-tecnicos">
        <div className="container">
          <header className="home-section-head">
            <p className="home-eyebrow">Para técnicos</p>
            <h2 id="hiw-tecnicos" tabIndex={-1}>
              Comece a receber pedidos em quatro passos
            </h2>
          </header>
          <Steps steps={PRO_STEPS} label="Passos para técnicos" />
        </div>
      </section>

      <section className="home-section" aria-labelledby="hiw-vantagens">
        <div className="container">
          <header className="home-section-head">
            <h2 id="hiw-vantagens">Vantagens para técnicos</h2>
            <p className="muted">Tudo o que precisa para encontrar bons clientes e fazer crescer o seu negócio.</p>
          </header>
          <ul className="hiw-benefits" role="list">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li className="card hiw-benefit" key={title}>
                <span className="hiw-benefit-icon">
                  <Icon size={24} aria-hidden />
                </span>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section" aria-labelledby="hiw-empresas">
        <div className="container">
          <div className="home-cta-band hiw-companies">
            <div>
              <span className="hiw-companies-icon">
                <Building2 size={28} aria-hidden />
              </span>
              <h2 id="hiw-empresas">Para técnicos e empresas</h2>
              <p>
                Trabalha por conta própria ou gere uma equipa de instalações? Crie o perfil, mostre as suas especialidades e avaliações e candidate-se aos
                pedidos da sua zona quando lhe der jeito.
              </p>
              <ul className="hiw-companies-list" role="list">
                <li>
                  <ClipboardList size={18} aria-hidden /> Pedidos revistos pela nossa equipa antes de serem publicados
                </li>
                <li>
                  <MessageSquareText size={18} aria-hidden /> Contacto direto com o cliente após a candidatura
                </li>
                <li>
                  <Coins size={18} aria-hidden /> Só paga pelos pedidos a que se candidata
                </li>
              </ul>
            </div>
            <div className="home-cta-actions">
              <Link className="btn btn-outline" to="/cadastro-profissional">
                Registar como profissional
              </Link>
              <Link className="home-cta-link" to="/creditos">
                Ver planos de créditos
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
