import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Clock, MapPin, ShieldCheck } from 'lucide-react';
import { REGIONS } from '@tc/shared/catalogue/brand';
import { SERVICE_CARDS } from '@tc/shared/catalogue/services';
import { GUARANTEE_RULES } from '@tc/shared/catalogue/garantias';
import { NearViewport } from '../../components/ui/near-viewport';
import { usePageTitle } from '../../components/ui/page-title';
import banner from '../../assets/banner.svg';
import { ServiceCard } from './service-card';
import { TitleStartBox } from './title-start-box';
import './home.css';

// Far below the fold: their code (the carousel above all) and their data load as the visitor scrolls
// towards them, which keeps the home page's first load small.
const Testimonials = lazy(() => import('./testimonials').then((m) => ({ default: m.Testimonials })));
const TopProfissionais = lazy(() => import('./top-profissionais').then((m) => ({ default: m.TopProfissionais })));

// "A, B e C", written out: an Intl.ListFormat built as the page loads costs the locale's data on a
// phone's main thread (shared/format.ts).
const regionList = REGIONS.length > 1 ? `${REGIONS.slice(0, -1).join(', ')} e ${REGIONS[REGIONS.length - 1]}` : REGIONS.join('');

export function HomePage() {
  usePageTitle();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero-inner">
          <div className="home-hero-text">
            <p className="home-eyebrow">Eletricistas · Domótica · Canalizadores</p>
            <h1 id="home-title">Técnicos de confiança para a sua casa</h1>
            <p className="home-promise">
              <strong>Publique o seu projeto em menos de 2 minutos</strong> e receba candidaturas de profissionais verificados.
            </p>
            <TitleStartBox />
            <ul className="home-trust" role="list">
              <li>
                <BadgeCheck size={18} aria-hidden /> Profissionais verificados
              </li>
              <li>
                <ShieldCheck size={18} aria-hidden /> Garantia técnica até 14 dias
              </li>
              <li>
                <Clock size={18} aria-hidden /> Emergências 24 horas
              </li>
            </ul>
          </div>
        </div>
        <img
          className="home-hero-art"
          src={banner}
          alt="Técnico sorridente com a caixa de ferramentas numa rua portuguesa"
          width={1200}
          height={520}
          loading="eager"
          fetchPriority="high"
        />
      </section>

      <section className="home-regions" aria-labelledby="home-regioes">
        <div className="container home-regions-inner">
          <h2 id="home-regioes">Presentes em {regionList}</h2>
          <ul className="home-region-list" role="list">
            {REGIONS.map((r) => (
              <li key={r}>
                <MapPin size={16} aria-hidden /> {r}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-servicos">
        <div className="container">
          <header className="home-section-head">
            <h2 id="home-servicos">Serviços mais Procurados</h2>
            <p className="muted">Escolha o que precisa e nós ajudamos a descrever o seu projeto.</p>
          </header>
          <div className="home-services">
            {SERVICE_CARDS.map((card) => (
              <ServiceCard card={card} key={card.value} />
            ))}
          </div>
        </div>
      </section>

      <section className="home-section home-guarantee" aria-labelledby="home-garantia">
        <div className="container">
          <div className="hiw-guarantee">
            <ShieldCheck size={32} aria-hidden />
            <div>
              <h2 id="home-garantia">{GUARANTEE_RULES.titulo}</h2>
              <p>{GUARANTEE_RULES.texto}</p>
              <p>
                <Link to="/comofunciona#garantia">Saiba como funciona a garantia</Link>
              </p>
            </div>
          </div>
        </div>
      </section>

      <NearViewport>
        <Suspense fallback={null}>
          <Testimonials />
          <TopProfissionais />
        </Suspense>
      </NearViewport>

      <section className="home-section" aria-labelledby="home-pro-cta">
        <div className="container">
          <div className="home-cta-band">
            <div>
              <h2 id="home-pro-cta">É técnico ou tem uma empresa de instalações?</h2>
              <p>Registe-se grátis, receba pedidos da sua zona e pague apenas pelos projetos que lhe interessam.</p>
            </div>
            <div className="home-cta-actions">
              <Link className="btn btn-outline" to="/cadastro-profissional">
                Registar como profissional
              </Link>
              <Link className="home-cta-link" to="/comofunciona">
                Como funciona
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
