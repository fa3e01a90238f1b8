import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRegisterBody,
  clienteRegisterBody,
  errorResponse,
  M,
  loginBody,
  loginResponse,
  profissionalRegisterBody,
  registered,
  registerResponse,
} from '@tc/shared';
import { optionalSession, signSession } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import { AppError } from '../../lib/app-error';
import { loginLimits } from './attempt-limits';
import { confirmationLinks } from '../clientes/email-confirmation.service';
import { login, registerAdmin, registerCliente, registerProfissional } from './auth.service';
import { mustAcceptTerms } from '../termos/termos.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const limits = app.ctx.env.RATE_LIMIT;
  const guard = loginLimits(app.ctx.failures);
  const links = confirmationLinks(app.ctx.env, app.ctx.hashKey, () => app.ctx.clock.now());
  const accepted = () => ({ versao: app.ctx.termosVersao(), em: app.ctx.clock.now() });

  app.post(
    '/auth/login',
    {
      // A flood guard per address on every request; the limits that matter count failures only.
      config: routeLimit(limits, 60, '1 minute'),
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sessão (cliente, profissional ou admin)',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email, senha, tipo } = request.body;
      if (limits && (await guard.blocked(tipo, email, request.ip))) {
        return reply.status(429).send({ code: 'TOO_MANY_REQUESTS', message: M.tooManyRequests });
      }
      let session;
      try {
        session = await login(db, email, senha, tipo);
      } catch (e) {
        if (limits && e instanceof AppError && e.statusCode === 401) await guard.failed(tipo, email, request.ip);
        throw e;
      }
      if (limits) await guard.succeeded(tipo, email, request.ip);
      const { id, v } = session;
      const access_token = await signSession(reply, { id, tipo: request.body.tipo, v });
      // Admins are not asked; a client or professional behind the current terms version is (docs/decisions/0016).
      if (tipo !== 'admin' && (await mustAcceptTerms(db, tipo, id, app.ctx.termosVersao()))) {
        return { id, access_token, termosPorAceitar: true as const };
      }
      return { id, access_token };
    },
  );

  const registerLimit = routeLimit(limits, 10, '10 minutes');

  app.post(
    '/cliente/register',
    {
      config: registerLimit,
      schema: { tags: ['cliente'], summary: 'Registo de cliente', body: clienteRegisterBody, response: { 201: registered, ...errors } },
    },
    async (request, reply) => {
      const { id } = await registerCliente(db, request.body, links, accepted());
      const access_token = await signSession(reply, { id, tipo: 'cliente' });
      return reply.status(201).send({ id, access_token });
    },
  );

  app.post(
    '/profissional/register',
    {
      config: registerLimit,
      schema: { tags: ['profissional'], summary: 'Registo de profissional', body: profissionalRegisterBody, response: { 201: registered, ...errors } },
    },
    async (request, reply) => {
      const { id } = await registerProfissional(db, request.body, accepted());
      const access_token = await signSession(reply, { id, tipo: 'profissional' });
      return reply.status(201).send({ id, access_token });
    },
  );

  app.post(
    '/admin/register',
    {
      config: registerLimit,
      onRequest: optionalSession,
      schema: {
        tags: ['admin'],
        summary: 'Um administrador cria outro (o primeiro é criado no servidor com npm run admin:create)',
        security: [{ bearer: [] }],
        body: adminRegisterBody,
        response: { 201: registerResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = await registerAdmin(db, request.body, request.user);
      return reply.status(201).send({ id });
    },
  );
};
