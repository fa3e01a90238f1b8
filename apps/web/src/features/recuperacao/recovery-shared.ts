import { useLocation } from 'react-router';
import type { Role } from '@tc/shared';

/** The role is the first path segment: /cliente/..., /profissional/..., /admin/... */
export function useRecoveryRole(): Role {
  const seg = useLocation().pathname.split('/')[1];
  return seg === 'profissional' || seg === 'admin' ? seg : 'cliente';
}

export const RESET_TOKEN_KEY = 'resetToken';
/** Where a role goes after setting a new password (spec §4: admin to /login). */
export const ENTRY: Record<Role, string> = { cliente: '/areadocliente', profissional: '/areadoprofissional', admin: '/login' };
export const LOGIN: Record<Role, string> = { cliente: '/areadocliente/login', profissional: '/areadoprofissional/login', admin: '/login' };
