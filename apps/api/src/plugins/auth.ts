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
    // Verified tokens are remembered in front of this (verifyToken below), so its own cache is off.
    // A token without an expiry is refused even when its signature is good.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
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

/** Verified tokens kept per app (each has its own secret; keyed by its ctx, the same in every plugin), by the whole Authorization header. */
const verifiedTokens = new WeakMap<object, Map<string, { user: SessionUser; expiresAt: number }>>();
const VERIFIED_TOKENS_MAX = 5000;

/**
 * `request.jwtVerify()`, remembered by the header until the token's own expiry. @fastify/jwt's cache
 * sits behind its option merging, a decode of the token, a SHA-256 of it and a chain of callbacks:
 * about 5 % of the API's CPU on a list read by a signed-in user. A header seen again is the same
 * token, already verified with the same secret and rules; an expired one is verified again (and
 * refused). Whether its session is still live is checked on every request all the same.
 */
async function verifyToken(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  let cache = verifiedTokens.get(request.server.ctx);
  if (!cache) verifiedTokens.set(request.server.ctx, (cache = new Map()));
  const hit = header ? cache.get(header) : undefined;
  if (hit && hit.expiresAt > Date.now()) {
    request.user = { ...hit.user };
    return;
  }
  try {
    await request.jwtVerify();
  } catch {
    if (header) cache.delete(header);
    throw unauthorized();
  }
  // Verified, so the header holds a well-formed "Bearer <header>.<payload>.<signature>" with an exp.
  const payload = header?.slice(header.indexOf('.') + 1, header.lastIndexOf('.'));
  const exp = payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp?: unknown }).exp : undefined;
  if (!header || typeof exp !== 'number') return;
  if (cache.size >= VERIFIED_TOKENS_MAX) cache.delete(cache.keys().next().value!);
  cache.set(header, { user: { ...request.user }, expiresAt: exp * 1000 });
}

/**
 * The one guard every protected route uses (as `onRequest`, so callers are authenticated before
 * their input is validated): a valid, current token whose role is one of `roles`.
 */
export function requireRole(...roles: Role[]): Guard {
  return async (request: FastifyRequest) => {
    await verifyToken(request);
    await assertLiveSession(request);
    if (!roles.includes(request.user.tipo)) throw forbidden();
  };
}

/** Like requireRole, but a missing token is fine: `request.user` is then undefined. */
export const optionalSession: Guard = async (request) => {
  if (!request.headers.authorization) return;
  await verifyToken(request);
  await assertLiveSession(request);
};

// Ownership (the caller is this very account, admins where allowed) is lib/ownership.ts.
