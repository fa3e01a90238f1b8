import type { BrowserContext } from 'playwright-core';
import { DEMO } from './browser';
import { apiLogin } from './api';

export type Role = 'cliente' | 'profissional' | 'admin';
const EMAIL: Record<Role, string> = { cliente: DEMO.cliente, profissional: DEMO.profissional, admin: DEMO.admin };
const TOKEN_KEY: Record<Role, string> = { cliente: 'token', profissional: 'token_profissional', admin: 'token_admin' };

// One log-in per demo role and test file: a journey that only looks at pages does not need a session
// of its own, and each log-in costs a password hash on the server under test.
const sessions = new Map<Role, Promise<{ id: number; token: string }>>();

/** The demo person's session, logged in through the first context that asks for it. */
function demoSession(context: BrowserContext, role: Role) {
  let s = sessions.get(role);
  if (!s) {
    s = apiLogin(context.request, EMAIL[role], role).then(({ id, headers }) => ({ id, token: headers.authorization.slice(7) }));
    sessions.set(role, s);
    s.catch(() => sessions.delete(role));
  }
  return s;
}

/**
 * Signs the context in as a demo person, storing the session where the log-in page stores it, before
 * any page of the context runs: the next `goto` opens the page signed in. Returns the person's id.
 */
export async function signInAs(context: BrowserContext, role: Role): Promise<number> {
  const { id, token } = await demoSession(context, role);
  await context.addInitScript(
    ([key, role, id, token, email]) => {
      // Also run for the context's first about:blank, whose opaque origin has no storage.
      if (!location.protocol.startsWith('http')) return;
      sessionStorage.setItem(key, token);
      localStorage.setItem('id', id);
      localStorage.setItem('tipo', role);
      localStorage.setItem('email', email);
      if (role === 'cliente') localStorage.setItem('clienteId', id);
      if (role === 'profissional') localStorage.setItem('profissionalId', id);
    },
    [TOKEN_KEY[role], role, String(id), token, EMAIL[role]] as const,
  );
  return id;
}
