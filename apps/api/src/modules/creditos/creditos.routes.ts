import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationItem,
  applyResult,
  creditBalanceResponse,
  errorResponse,
  idParams,
  paged,
  pageQuery,
  retornoResponse,
  subscriptionResponse,
  useCreditsBody,
} from '@tc/shared';
import { assertOwnIdInBody, assertSelf } from '../../lib/ownership';
import { requireRole } from '../../plugins/auth';
import { APPLICATIONS_PAGE_SIZE, applyToRequest, getSubscription, listApplications } from './creditos.service';
import { RETORNO_MESES, retornoProfissional } from './retorno.service';

const errors = { 400: errorResponse, 401: errorResponse, 402: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const sec = [{ bearer: [] }];

export const creditosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.get(
    '/subscriptions/credito/:id',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: {
        tags: ['créditos'],
        summary: 'Saldo de créditos de um profissional (o próprio)',
        security: sec,
        params: idParams,
        response: { 200: creditBalanceResponse, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, 'profissional', request.params.id, { admin: true });
      const sub = await getSubscription(db, request.params.id);
      return { creditosRestantes: sub.creditosRestantes };
    },
  );

  app.get(
    '/subscriptions/profissional/:id',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: {
        tags: ['créditos'],
        summary: 'A "subscription" (carteira de créditos) do profissional',
        security: sec,
        params: idParams,
        response: { 200: z.array(subscriptionResponse), ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, 'profissional', request.params.id, { admin: true });
      const sub = await getSubscription(db, request.params.id);
      return [{ id: sub.id, creditosRestantes: sub.creditosRestantes }];
    },
  );

  app.post(
    '/creditos/usar',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags: ['créditos'],
        summary: 'Candidatar-se a um projeto gastando os créditos que ele custa (revela o contacto)',
        security: sec,
        body: useCreditsBody,
        response: {
          201: applyResult,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      assertOwnIdInBody(request.user, request.body.profissionalId);
      return reply.status(201).send(await applyToRequest(db, request.user.id, request.body.requestId, clock.now()));
    },
  );

  app.get(
    '/creditos/profissional/:id',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: {
        tags: ['créditos'],
        summary: 'Candidaturas (usos de créditos) do profissional e o resultado de cada uma, mais recentes primeiro, 20 por página',
        security: sec,
        params: idParams,
        querystring: pageQuery.pick({ page: true, pageSize: true }).extend({ pageSize: pageQuery.shape.pageSize.default(APPLICATIONS_PAGE_SIZE) }),
        response: { 200: paged(applicationItem), ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, 'profissional', request.params.id, { admin: true });
      return listApplications(db, request.params.id, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/profissional/retorno',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags: ['créditos'],
        security: sec,
        response: { 200: retornoResponse, ...errors },
        summary: `O meu retorno: por mês (últimos ${RETORNO_MESES}), créditos gastos, candidaturas, vezes escolhido, avaliações recebidas e créditos reembolsados`,
      },
    },
    async (request) => retornoProfissional(db, request.user.id, clock.now()),
  );
};
