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
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
