import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PRODUCT_NAME } from '@tc/shared/catalogue/brand';
import logo from '../assets/logo-mark.svg';
import { useSession } from '../lib/session';
import { useRouteFocus } from './route-focus';
import './admin-frame.css';

const NotificationBell = lazy(() => import('../features/notificacoes/bell').then((m) => ({ default: m.NotificationBell })));

/**
 * The back office's own frame (issue 12): the admin log-in, recovery, "Novo administrador" and every
 * admin screen show only the brand (and the admin's bell), never the public header, marketing links
 * or footer. The sidebar comes with each screen (features/admin/admin-layout.tsx).
 */
export function AdminFrame() {
  const { role } = useSession();
  const admin = role === 'admin';
  useRouteFocus();
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      <header className="site-header admin-topbar">
        <div className="container bar">
          {/* Named by its visible text (WCAG 2.5.3), plus where it leads for screen readers. */}
          <Link to={admin ? '/dashboard' : '/'} className="brand">
            <img src={logo} alt="" width={36} height={36} />
            <span>{PRODUCT_NAME}</span>
            <span className="admin-topbar-tag">Administração</span>
            <span className="sr-only">{admin ? ': Dashboard' : ', página inicial'}</span>
          </Link>
          {admin && (
            <Suspense fallback={<span className="bell" aria-hidden />}>
              <NotificationBell role="admin" />
            </Suspense>
          )}
        </div>
      </header>
      <main id="conteudo" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
