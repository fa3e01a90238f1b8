import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicantResponse,
  chooseProfessionalBody,
  chooseProfessionalResponse,
  concludeRequestBody,
  concludeRequestResponse,
  createRequestBody,
  deletedRequestResponse,
  errorResponse,
  idParams,
  openApplicationsResponse,
  paged,
  pageQuery,
  requestResponse,
  SPECIALTY_VALUES,
  TIME_OPTIONS,
} from '@tc/shared';
import { assertOwnIdInBody, assertSelf } from '../../lib/ownership';
import { requireRole } from '../../plugins/auth';
import {
  CLIENT_PAGE_SIZE,
  createRequest,
  getRequest,
  JOBS_PAGE_SIZE,
  listApplicants,
  listAvailable,
  listClientRequests,
  openApplicationIds,
} from './requests.service';
import { cancelRequest, chooseProfessional, concludeRequest } from './escolha.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, searches } = app.ctx;
  const sec = [{ bearer: [] }];

  app.post(
    '/requests/create',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['projetos'],
        summary: 'Publicar um projeto (fica em ESPERA até um admin aprovar)',
        security: sec,
        body: createRequestBody,
        response: { 201: requestResponse, ...errors },
      },
    },
    async (request, reply) => {
      assertOwnIdInBody(request.user, request.body.clienteId);
      return reply.status(201).send(await createRequest(db, request.user.id, request.body, clock.now()));
    },
  );

  app.get(
    '/requests/cliente/:id',
    {
      onRequest: requireRole('cliente', 'admin'),
      schema: {
        tags: ['projetos'],
        summary: 'Projetos de um cliente (o próprio), mais recentes primeiro, 20 por página',
        security: sec,
        params: idParams,
        querystring: pageQuery.pick({ page: true, pageSize: true }).extend({ pageSize: pageQuery.shape.pageSize.default(CLIENT_PAGE_SIZE) }),
        response: { 200: paged(requestResponse), ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, 'cliente', request.params.id, { admin: true });
      return listClientRequests(db, request.params.id, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/requests/disponiveis',
    {
      onRequest: requireRole('profissional'),
      // The same page for every professional while it is kept (listAvailable): compressed once.
      config: { sharedAnswer: true },
      schema: {
        tags: ['projetos'],
        summary: 'Trabalhos disponíveis (ABERTO com créditos), 12 por página, mais recentes primeiro; iguais para todos os profissionais (sem contacto)',
        security: sec,
        querystring: pageQuery.extend({
          pageSize: pageQuery.shape.pageSize.default(JOBS_PAGE_SIZE),
          especialidade: z.enum(SPECIALTY_VALUES).optional(),
          bairro: z.string().trim().max(80).optional(),
          tempo: z.enum(TIME_OPTIONS).optional(),
        }),
        response: { 200: paged(requestResponse), ...errors },
      },
    },
    async (request) => listAvailable(db, request.query, searches),
  );

  app.get(
    '/requests/disponiveis/minhas-candidaturas',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags: ['projetos'],
        summary: 'Os trabalhos ainda disponíveis a que me candidatei (ids, candidatura mais recente primeiro)',
        security: sec,
        response: { 200: openApplicationsResponse, ...errors },
      },
    },
    async (request) => openApplicationIds(db, request.user.id),
  );

  app.get(
    '/requests/:id',
    {
      onRequest: requireRole('cliente', 'profissional', 'admin'),
      schema: {
        tags: ['projetos'],
        summary: 'Um projeto (o contacto só para quem pagou)',
        security: sec,
        params: idParams,
        response: { 200: requestResponse, ...errors },
      },
    },
    async (request) => getRequest(db, request.params.id, request.user),
  );

  app.get(
    '/requests/:id/profissionais',
    {
      onRequest: requireRole('cliente', 'admin'),
      schema: {
        tags: ['projetos'],
        summary: 'Profissionais que se candidataram a um projeto meu',
        security: sec,
        params: idParams,
        response: { 200: z.array(applicantResponse), ...errors },
      },
    },
    async (request) => listApplicants(db, request.params.id, request.user),
  );

  app.post(
    '/requests/:id/escolher',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['projetos'],
        summary: 'Escolher o profissional (um dos candidatos) de um projeto aberto meu; pode mudar até o projeto ser concluído',
        security: sec,
        params: idParams,
        body: chooseProfessionalBody,
        response: { 200: chooseProfessionalResponse, ...errors },
      },
    },
    async (request) => chooseProfessional(db, request.params.id, request.user.id, request.body.profissionalId, clock.now()),
  );

  app.patch(
    '/requests/:id/concluir',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['projetos'],
        summary: 'Marcar como concluído (ABERTO → CONCLUIDO, só o dono), com quem fez o trabalho (um candidato, ou null: nenhum)',
        security: sec,
        params: idParams,
        body: concludeRequestBody,
        response: { 200: concludeRequestResponse, ...errors },
      },
    },
    async (request) => concludeRequest(db, request.params.id, request.user.id, request.body?.profissionalId, clock.now()),
  );

  app.post(
    '/requests/:id/cancelar',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['projetos'],
        summary: 'Cancelar um projeto meu antes de escolher alguém (é eliminado; quem pagou para se candidatar é reembolsado)',
        security: sec,
        params: idParams,
        response: { 200: deletedRequestResponse, ...errors },
      },
    },
    async (request) => cancelRequest(db, request.params.id, request.user.id, clock.now()),
  );
};
