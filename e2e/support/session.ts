import type { BrowserContext } from 'playwright-core';
import { DEMO, launch } from './browser';
import { apiLogin } from './api';
import { inject } from 'vitest';

export type Role = 'cliente' | 'profissional' | 'admin';
const EMAIL: Record<Role, string> = { cliente: DEMO.cliente, profissional: DEMO.profissional, admin: DEMO.admin };
const TOKEN_KEY: Record<Role, string> = { cliente: 'token', profissional: 'token_profissional', admin: 'token_admin' };

// One log-in per demo role and test file: a journey that only looks at pages does not need a session
// of its own, and each log-in costs a password hash on the server under test.
const sessions = new Map<Role, Promise<{ id: number; token: string }>>();

async function demoSession(role: Role) {
  let s = sessions.get(role);
  if (!s) {
    s = (async () => {
      const b = await launch();
      const ctx = await b.newContext({ baseURL: inject('baseURL') });
      try {
        const { id, headers } = await apiLogin(ctx.request, EMAIL[role], role);
        return { id, token: headers.authorization.slice(7) };
      } finally {
        await ctx.close();
      }
    })();
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
  const { id, token } = await demoSession(role);
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
