import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@tc/shared/catalogue/statuses';
import { getToken, LOGIN_PATH, useSession } from '../lib/session';

/** Spec §2: professional routes → professional login, admin routes → /login, anything else → client login. */
export function loginPathFor(roles: Role[]): string {
  if (roles.length === 1 && roles[0] === 'profissional') return LOGIN_PATH.profissional;
  if (roles.length === 1 && roles[0] === 'admin') return LOGIN_PATH.admin;
  return LOGIN_PATH.cliente;
}

/**
 * Convenience guard only (the server enforces every rule): without a live token for one of `roles`,
 * redirect replacing history and remember where the user was going.
 */
export function RequireRole({ roles }: { roles: Role[] }) {
  const location = useLocation();
  useSession(); // re-render on login/logout
  const ok = roles.some((r) => getToken(r));
  if (!ok) {
    return <Navigate to={loginPathFor(roles)} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** /areadocliente and /areadoprofissional: menu when a session exists, else the role's login. */
export function EntryRedirect({ role }: { role: 'cliente' | 'profissional' }) {
  const target = getToken(role) ? (role === 'cliente' ? '/areadocliente/menu' : '/areadoprofissional/menu') : LOGIN_PATH[role];
  return <Navigate to={target} replace />;
}
