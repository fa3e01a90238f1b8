import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRegisterBody, clienteRegisterBody, errorResponse, M, loginBody, loginResponse, profissionalRegisterBody,
} from '@tc/shared';
import { optionalSession, signSession } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import { adminSignupOpen, login, registerAdmin, registerCliente, registerProfissional } from './auth.service';

const registered = z.object({ id: z.number().int(), access_token: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const limits = app.ctx.env.RATE_LIMIT;
  // Per e-mail, on top of the per-IP limit: slows password guessing spread over many addresses.
  const perEmail = app.createRateLimit({
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: (req) => `login:${String((req.body as { email?: string })?.email ?? '').toLowerCase()}`,
  });

  app.post(
    '/auth/login',
    {
      config: routeLimit(limits, 20, '1 minute'),
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sessão (cliente, profissional ou admin)',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (limits) {
        const r = await perEmail(request);
        if (!r.isAllowed && r.isExceeded) return reply.status(429).send({ code: 'TOO_MANY_REQUESTS', message: M.tooManyRequests });
      }
      const { id, v } = await login(db, request.body.email, request.body.senha, request.body.tipo);
      const access_token = await signSession(reply, { id, tipo: request.body.tipo, v });
      return { id, access_token };
    },
  );

  const registerLimit = routeLimit(limits, 10, '10 minutes');

  app.post(
    '/cliente/register',
    { config: registerLimit, schema: { tags: ['cliente'], summary: 'Registo de cliente', body: clienteRegisterBody, response: { 201: registered, ...errors } } },
    async (request, reply) => {
      const { id } = await registerCliente(db, request.body);
      const access_token = await signSession(reply, { id, tipo: 'cliente' });
      return reply.status(201).send({ id, access_token });
    },
  );

  app.post(
    '/profissional/register',
    { config: registerLimit, schema: { tags: ['profissional'], summary: 'Registo de profissional', body: profissionalRegisterBody, response: { 201: registered, ...errors } } },
    async (request, reply) => {
      const { id } = await registerProfissional(db, request.body);
      const access_token = await signSession(reply, { id, tipo: 'profissional' });
      return reply.status(201).send({ id, access_token });
    },
  );

  app.get(
    '/admin/register/status',
    { schema: { tags: ['admin'], summary: 'O registo público de administradores ainda está aberto?', response: { 200: z.object({ aberto: z.boolean() }) } } },
    async () => ({ aberto: await adminSignupOpen(db) }),
  );

  app.post(
    '/admin/register',
    {
      config: registerLimit,
      onRequest: optionalSession,
      schema: {
        tags: ['admin'],
        summary: 'Registo de administrador: aberto só enquanto não existe nenhum; depois, só um admin cria outro',
        security: [{ bearer: [] }],
        body: adminRegisterBody,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = await registerAdmin(db, request.body, request.user);
      return reply.status(201).send({ id });
    },
  );
};
