import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@tc/shared';
import { eq, sql } from 'drizzle-orm';
import { prepared } from '../db/prepared';
import { forbidden, unauthorized } from '../lib/app-error';
import { accountTable } from '../modules/auth/accounts';

export interface SessionUser {
  id: number;
  tipo: Role;
  v?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; tipo: Role; v: number };
    user: SessionUser;
  }
}

/** JWT with an algorithm allow-list and expiry; `request.user` is `{ id, tipo }` after the guard. */
export const authPlugin = fp<{ secret: string; expiresIn: string }>(async (app, opts) => {
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: opts.expiresIn },
    // Verified tokens are remembered (until their own expiry) so a user's next request skips the HMAC.
    // A token without an expiry is refused even when its signature is good.
    verify: { algorithms: ['HS256'], cache: 5000, requiredClaims: ['exp'] },
    formatUser: (p) => ({ id: Number(p.sub), tipo: p.tipo, v: p.v }),
  });
});

export const signSession = (reply: FastifyReply, user: SessionUser) => reply.jwtSign({ sub: String(user.id), tipo: user.tipo, v: user.v ?? 0 });

/** Key of an account in the session cache (the trailing colon keeps `cliente:1:` apart from `cliente:12:`). */
export const sessionKey = (tipo: Role, id?: number) => (id === undefined ? `${tipo}:` : `${tipo}:${id}:`);

/**
 * A token is valid only while its account exists and its session version is current: a password
 * change or reset bumps the version and ends every older session. The current version is read
 * from a cache of a few seconds (one query less on every authenticated request); this instance
 * forgets it at once on a change, other instances within `SESSION_CACHE_MS` (docs/decisions/0006).
 */
async function assertLiveSession(request: FastifyRequest) {
  const { id, tipo, v } = request.user;
  if (!Number.isInteger(id) || !(tipo in accountTable)) throw unauthorized();
  const t = accountTable[tipo];
  const { db, sessions } = request.server.ctx;
  const current = await sessions.get(sessionKey(tipo, id), async () => {
    // Named and kept (db/prepared.ts): on a miss (a user's first request in SESSION_CACHE_MS, every
    // write by a different user) PostgreSQL binds the id instead of parsing and planning the lookup,
    // which cost it as much as running it.
    const q = prepared(db, `session_${tipo}`, () =>
      db
        .select({ v: t.sessaoVersao })
        .from(t)
        .where(eq(t.id, sql.placeholder('id')))
        .limit(1)
        .prepare(`session_${tipo}`),
    );
    return ((await q.execute({ id })) as { v: number }[])[0]?.v ?? null;
  });
  if (current === null || current !== (v ?? 0)) throw unauthorized();
}

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * The one guard every protected route uses (as `onRequest`, so callers are authenticated before
 * their input is validated): a valid, current token whose role is one of `roles`.
 */
export function requireRole(...roles: Role[]): Guard {
  return async (request: FastifyRequest) => {
    try {
      await request.jwtVerify();
    } catch {
      throw unauthorized();
    }
    await assertLiveSession(request);
    if (!roles.includes(request.user.tipo)) throw forbidden();
  };
}

/** Like requireRole, but a missing token is fine: `request.user` is then undefined. */
export const optionalSession: Guard = async (request) => {
  if (!request.headers.authorization) return;
  try {
    await request.jwtVerify();
  } catch {
    throw unauthorized();
  }
  await assertLiveSession(request);
};

// Ownership (the caller is this very account, admins where allowed) is lib/ownership.ts.
