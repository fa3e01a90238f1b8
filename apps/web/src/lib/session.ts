import { useSyncExternalStore } from 'react';
import type { Role } from '@tc/shared/catalogue/statuses';

/** Spec §3 "Local data" and "Session tokens": the exact keys the product has always used. */
export const TOKEN_KEY: Record<Role, string> = { cliente: 'token', profissional: 'token_profissional', admin: 'token_admin' };
export const LOCAL = {
  email: 'email',
  id: 'id',
  tipo: 'tipo',
  redirect: 'redirect',
  tituloProjeto: 'tituloProjeto',
  clienteId: 'clienteId',
  profissionalId: 'profissionalId',
  especialidadeProjeto: 'especialidadeProjeto',
} as const;

export const LOGIN_PATH: Record<Role, string> = {
  cliente: '/areadocliente/login',
  profissional: '/areadoprofissional/login',
  admin: '/login',
};

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('storage', emit);

/** A token whose expiry has passed counts as no token (the server would refuse it anyway). */
function isLive(token: string | null): token is string {
  if (!token) return false;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp !== 'number' || payload.exp * 1000 > Date.now();
  } catch {
    return false;
  }
}

export function getToken(role: Role): string | null {
  const t = sessionStorage.getItem(TOKEN_KEY[role]);
  return isLive(t) ? t : null;
}

export const getLocal = (key: keyof typeof LOCAL) => localStorage.getItem(LOCAL[key]);
export function setLocal(key: keyof typeof LOCAL, value: string | number | null) {
  if (value === null) localStorage.removeItem(LOCAL[key]);
  else localStorage.setItem(LOCAL[key], String(value));
  emit();
}

/** Numeric id stored for the logged-in user, or null when missing or not a number (spec §5). */
export function storedId(key: 'id' | 'clienteId' | 'profissionalId' = 'id'): number | null {
  const raw = getLocal(key);
  if (!raw || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Set at log-in when the server answers `termosPorAceitar: true` (a newer terms version than the one
 * this person accepted, docs/decisions/0016); the layout then asks for it, and acceptance removes it.
 */
export const TERMS_PENDING_KEY = 'termosPorAceitar';
export const termsPending = () => sessionStorage.getItem(TERMS_PENDING_KEY) === '1';
export function clearTermsPending() {
  sessionStorage.removeItem(TERMS_PENDING_KEY);
  emit();
}

export function saveSession(role: Role, data: { id: number; access_token: string; termosPorAceitar?: boolean }, email: string) {
  sessionStorage.setItem(TOKEN_KEY[role], data.access_token);
  if (data.termosPorAceitar) sessionStorage.setItem(TERMS_PENDING_KEY, '1');
  else sessionStorage.removeItem(TERMS_PENDING_KEY);
  localStorage.setItem(LOCAL.email, email);
  localStorage.setItem(LOCAL.id, String(data.id));
  localStorage.setItem(LOCAL.tipo, role);
  if (role === 'cliente') localStorage.setItem(LOCAL.clienteId, String(data.id));
  if (role === 'profissional') localStorage.setItem(LOCAL.profissionalId, String(data.id));
  emit();
}

/** After a password change the server issues a new token for this session. */
export function replaceToken(role: Role, token: string) {
  sessionStorage.setItem(TOKEN_KEY[role], token);
  emit();
}

/** Logout clears all local and session storage (spec §2), a project started on the home page included. */
export function clearSession(): void {
  sessionStorage.clear();
  localStorage.clear();
  emit();
}

export function currentRole(): Role | null {
  const tipo = localStorage.getItem(LOCAL.tipo);
  if (tipo === 'cliente' || tipo === 'profissional' || tipo === 'admin') return getToken(tipo) ? tipo : null;
  return null;
}

function snapshot() {
  return `${currentRole() ?? ''}|${getLocal('email') ?? ''}`;
}
/** Re-renders when anyone logs in or out (in this tab or another). */
export function useSession(): { role: Role | null; email: string | null } {
  const snap = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    () => '|',
  );
  const [role, email] = snap.split('|');
  return { role: (role || null) as Role | null, email: email || null };
}
