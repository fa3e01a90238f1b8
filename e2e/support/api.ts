import type { APIRequestContext } from 'playwright-core';
import { DEMO } from './browser';

/** Log in through the API (as a script would with curl) and return the auth header. */
export async function apiLogin(request: APIRequestContext, email: string, tipo: 'cliente' | 'profissional' | 'admin', senha = DEMO.password) {
  const r = await request.post('/api/auth/login', { data: { email, senha, tipo } });
  if (r.status() !== 200) throw new Error(`login ${email}: ${r.status()} ${await r.text()}`);
  const { id, access_token } = (await r.json()) as { id: number; access_token: string };
  return { id, headers: { authorization: `Bearer ${access_token}` } };
}

/** A small real PNG (1×1 amber pixel) for file inputs. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

/**
 * The confirmation link mailed to `email`, read from the demo outbox (/dev/emails) once the e-mail
 * worker has sent it: the path and query to open on the app's own origin.
 */
export async function confirmationLink(request: APIRequestContext, email: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await (await request.get('/dev/emails')).text();
    const mail = html.split('<article>').find((a) => a.includes(email) && a.includes('Confirme o seu e-mail'));
    const link = mail?.match(/https?:\/\/[^\s<]+\/confirmar-email\?t=[\w.-]+/)?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail for ${email} in /dev/emails`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
