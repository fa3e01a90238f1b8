import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Role } from '@tc/shared';
import { forbidden, unauthorized } from '../lib/app-error';

export interface SessionUser { id: number; tipo: Role }

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; tipo: Role };
    user: SessionUser;
  }
}

/** JWT with an algorithm allow-list and expiry; `request.user` is `{ id, tipo }` after the guard. */
export const authPlugin = fp<{ secret: string; expiresIn: string }>(async (app, opts) => {
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: opts.expiresIn },
    verify: { algorithms: ['HS256'] },
    formatUser: (p) => ({ id: Number(p.sub), tipo: p.tipo }),
  });
});

export const signSession = (reply: FastifyReply, user: SessionUser) =>
  reply.jwtSign({ sub: String(user.id), tipo: user.tipo });

/** The one guard every protected route uses: a valid token whose role is one of `roles`. */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    try {
      await request.jwtVerify();
    } catch {
      throw unauthorized();
    }
    if (!Number.isInteger(request.user.id) || !roles.includes(request.user.tipo)) throw forbidden();
  };
}

/** Like requireRole, but a missing token is fine: `request.user` is then undefined. */
export const optionalSession: preHandlerHookHandler = async (request) => {
  if (!request.headers.authorization) return;
  try {
    await request.jwtVerify();
  } catch {
    throw unauthorized();
  }
};

/** Ownership: the caller is this very user (admins may act on anyone). */
export function assertSelfOrAdmin(request: FastifyRequest, tipo: Role, id: number) {
  const u = request.user;
  if (u.tipo === 'admin') return;
  if (u.tipo !== tipo || u.id !== id) throw forbidden();
}
