import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_TEXTS as T } from '@tc/shared';
import type { Env } from '../../config/env';
import type { Db, Tx } from '../../db/client';
import { clientes, requests } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { notify } from '../notificacoes/notify';

/** How long a confirmation link works. A new one can be asked for at any time ("Reenviar"). */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Where the web app is reached from outside (links in e-mails), without a trailing slash. */
export const publicBaseUrl = (env: Env) => (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');

/** A key of its own, derived from the server's hashing key: a token of another kind never passes here. */
const keyFrom = (hashKey: string) => createHmac('sha256', hashKey).update('email-confirmation').digest();

const mac = (key: Buffer, id: number, email: string, exp: number) =>
  createHmac('sha256', key).update(`${id}:${email.toLowerCase()}:${exp}`).digest('base64url');

/**
 * `id.expiry.signature`: the signature covers the client id, the e-mail and the expiry (seconds).
 * The e-mail is not in the token, so a link stops working as soon as the account's e-mail changes.
 */
export function confirmationToken(hashKey: string, id: number, email: string, now: Date) {
  const exp = Math.floor((now.getTime() + CONFIRMATION_TTL_MS) / 1000);
  return `${id}.${exp}.${mac(keyFrom(hashKey), id, email, exp)}`;
}

export interface ConfirmationLinks {
  /** The absolute address of the web page that confirms, for the e-mail. */
  link(id: number, email: string): string;
}

export function confirmationLinks(env: Env, hashKey: string, now: () => Date): ConfirmationLinks {
  const base = publicBaseUrl(env);
  return { link: (id, email) => `${base}/confirmar-email?t=${confirmationToken(hashKey, id, email, now())}` };
}

/** Queues the confirmation e-mail in the caller's transaction (sign-up, e-mail change, "Reenviar"). */
export const queueConfirmation = (tx: Db | Tx, links: ConfirmationLinks, clienteId: number, email: string) =>
  notify(tx, { tipo: 'confirmar_email', clienteId, link: links.link(clienteId, email) });

/** Announces to the admins the client's projects that were waiting for the confirmation (in the news of `now`'s hour). */
async function releaseWaitingProjects(tx: Tx, clienteId: number, now: Date) {
  const waiting = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.clienteId, clienteId), eq(requests.status, 'ESPERA')));
  for (const r of waiting) await notify(tx, { tipo: 'admin_projeto_pendente', requestId: r.id }, now);
}

/**
 * Opens a confirmation link. Idempotent: a link used again answers `jaConfirmado` and changes
 * nothing. A forged link, one for an e-mail the account no longer has, or an expired one is refused.
 */
export async function confirmEmail(db: Db, hashKey: string, token: string, now: Date) {
  const invalid = () => badRequest('CONFIRMATION_INVALID', T.linkInvalido);
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw invalid();
  const id = Number(m[1]);
  const exp = Number(m[2]);
  const [row] = await db.select({ email: clientes.email, confirmadoEm: clientes.emailConfirmadoEm }).from(clientes).where(eq(clientes.id, id));
  if (!row) throw invalid();
  const expected = Buffer.from(mac(keyFrom(hashKey), id, row.email, exp));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (row.confirmadoEm) return { email: row.email, jaConfirmado: true, confirmadoEm: row.confirmadoEm.toISOString() };
  if (exp * 1000 < now.getTime()) throw badRequest('CONFIRMATION_EXPIRED', T.linkExpirado);
  return db.transaction(async (tx) => {
    // The e-mail in the condition: a change committed meanwhile leaves the new address unconfirmed.
    const [done] = await tx
      .update(clientes)
      .set({ emailConfirmadoEm: now })
      .where(and(eq(clientes.id, id), eq(clientes.email, row.email), isNull(clientes.emailConfirmadoEm)))
      .returning({ em: clientes.emailConfirmadoEm });
    if (!done) {
      const [again] = await tx.select({ email: clientes.email, em: clientes.emailConfirmadoEm }).from(clientes).where(eq(clientes.id, id));
      if (again?.em && again.email === row.email) return { email: row.email, jaConfirmado: true, confirmadoEm: again.em.toISOString() };
      throw invalid();
    }
    await releaseWaitingProjects(tx, id, now);
    return { email: row.email, jaConfirmado: false, confirmadoEm: done.em!.toISOString() };
  });
}

/** "Reenviar e-mail de confirmação": a fresh link to the account's current e-mail. */
export async function resendConfirmation(db: Db, links: ConfirmationLinks, clienteId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ email: clientes.email, em: clientes.emailConfirmadoEm }).from(clientes).where(eq(clientes.id, clienteId));
    if (!row) throw notFound();
    if (row.em) throw conflict('ALREADY_CONFIRMED', 'O seu e-mail já está confirmado.');
    await queueConfirmation(tx, links, clienteId, row.email);
    return { message: T.reenviado, email: row.email };
  });
}
