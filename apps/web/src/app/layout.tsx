import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu, X } from 'lucide-react';
import { PRODUCT_NAME } from '@tc/shared/catalogue/brand';
import { LEGAL_PATHS, LIVRO_RECLAMACOES_URL } from '@tc/shared/catalogue/legal';
import logo from '../assets/logo-mark.svg';
import visa from '../assets/pay-visa.svg';
import mastercard from '../assets/pay-mastercard.svg';
import mbway from '../assets/pay-mbway.svg';
import multibanco from '../assets/pay-multibanco.svg';
import { clearSession, LOGIN_PATH, termsPending, useSession } from '../lib/session';
import { useRouteFocus } from './route-focus';

// Only signed-in people have a bell: a visitor's first load does without its code.
const NotificationBell = lazy(() => import('../features/notificacoes/bell').then((m) => ({ default: m.NotificationBell })));
// Only after a log-in that said the current terms are not accepted yet (docs/decisions/0016).
const TermsGate = lazy(() => import('../features/legal/terms-gate').then((m) => ({ default: m.TermsGate })));

const LINKS = [
  { to: '/', label: 'Início', end: true },
  { to: '/comofunciona', label: 'Como funciona' },
  { to: '/areadocliente', label: 'Área do Cliente' },
  { to: '/areadoprofissional', label: 'Área do Profissional' },
  { to: '/creditos', label: 'Créditos' },
];

function Header() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { role } = useSession();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);
  // Esc closes the open menu (phones) and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Leave first, then clear: clearing first would let the current page's guard redirect to the
  // wrong login (e.g. /conta is shared by clients and professionals).
  const logout = async () => {
    const target = role ? LOGIN_PATH[role] : '/';
    await navigate(target, { replace: true });
    clearSession();
  };

  return (
    <header className="site-header">
      <div className="container bar">
        <Link to="/" className="brand" aria-label={`${PRODUCT_NAME}, página inicial`}>
          <img src={logo} alt="" width={36} height={36} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        {role && (
          <Suspense fallback={<span className="bell" aria-hidden />}>
            <NotificationBell key={role} role={role} />
          </Suspense>
        )}
        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden /> : <Menu aria-hidden />}
          <span className="sr-only">{open ? 'Fechar menu' : 'Abrir menu'}</span>
        </button>
        <nav id="site-nav" className={`site-nav${open ? ' open' : ''}`} aria-label="Principal">
          <ul>
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            {role && (
              <li>
                <button type="button" className="btn btn-outline" onClick={logout}>
                  <LogOut size={18} aria-hidden /> Sair
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="cols">
          <div>
            <h2>{PRODUCT_NAME}</h2>
            <p>Eletricistas, instaladores de domótica e canalizadores de confiança em Lisboa, Setúbal, Porto e Algarve.</p>
            <p className="sr-only">Formas de pagamento aceites:</p>
            <ul className="pay-logos">
              <li>
                <img src={visa} alt="Visa" width={64} height={40} loading="lazy" />
              </li>
              <li>
                <img src={mastercard} alt="Mastercard" width={64} height={40} loading="lazy" />
              </li>
              <li>
                <img src={mbway} alt="MB WAY" width={64} height={40} loading="lazy" />
              </li>
              <li>
                <img src={multibanco} alt="Multibanco" width={64} height={40} loading="lazy" />
              </li>
            </ul>
            <Link to="/creditos">Comprar créditos</Link>
          </div>
          <div>
            <h2>Clientes</h2>
            <ul>
              <li>
                <Link to="/comofunciona">Como funciona</Link>
              </li>
              <li>
                <Link to="/cadastro-cliente">Criar conta de cliente</Link>
              </li>
              <li>
                <Link to="/areadocliente">Área do Cliente</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2>Profissionais</h2>
            <ul>
              <li>
                <Link to="/cadastro-profissional">Registar como profissional</Link>
              </li>
              <li>
                <Link to="/areadoprofissional">Área do Profissional</Link>
              </li>
              <li>
                <Link to="/creditos">Planos de créditos</Link>
              </li>
            </ul>
          </div>
        </div>
        <div className="footer-bottom">
          <nav aria-label="Informação legal">
            <ul className="legal-links">
              <li>
                <Link to={LEGAL_PATHS.termos}>Termos e Condições</Link>
              </li>
              <li>
                <Link to={LEGAL_PATHS.privacidade}>Política de Privacidade</Link>
              </li>
              <li>
                <Link to={LEGAL_PATHS.cookies}>Política de Cookies</Link>
              </li>
              <li>
                <a href={LIVRO_RECLAMACOES_URL} target="_blank" rel="noopener">
                  Livro de Reclamações<span className="sr-only"> (abre num novo separador)</span>
                </a>
              </li>
            </ul>
          </nav>
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. Todos os direitos reservados.
          </p>
        </div>
      </div>
    </footer>
  );
}

export function Layout() {
  const { role } = useSession();
  const termsRole = (role === 'cliente' || role === 'profissional') && termsPending() ? role : null;
  useRouteFocus();
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      <Header />
      <main id="conteudo" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {termsRole && (
        <Suspense fallback={null}>
          <TermsGate role={termsRole} />
        </Suspense>
      )}
    </>
  );
}
