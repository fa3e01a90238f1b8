import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewBody, errorResponse, idParams, paged, pageQuery, publicReview, recentReview, reviewableProfessional, reviewCreated } from '@tc/shared';
import { assertOwnIdInBody } from '../../lib/ownership';
import { requireRole } from '../../plugins/auth';
import { approvedReviewsOf, createReview, PUBLIC_REVIEWS_PAGE_SIZE, recentReviews, REVIEWABLE_PAGE_SIZE, reviewableProfessionals } from './reviews.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, profiles } = app.ctx;
  const sec = [{ bearer: [] }];

  app.get(
    '/review/recent',
    {
      config: { sharedAnswer: true },
      schema: { tags: ['reviews'], summary: 'Testemunhos recentes (só avaliações aprovadas)', response: { 200: z.array(recentReview) } },
    },
    // Public and the same for everyone: a 30 s cache, emptied when a review is decided.
    async () => cache.get('home:recentes', () => recentReviews(db)),
  );

  app.get(
    '/review/profissional/:id',
    {
      config: { sharedAnswer: true },
      schema: {
        tags: ['reviews'],
        summary: 'Avaliações aprovadas de um profissional, mais recentes primeiro, 5 por página',
        params: idParams,
        querystring: pageQuery.pick({ page: true, pageSize: true }).extend({ pageSize: pageQuery.shape.pageSize.default(PUBLIC_REVIEWS_PAGE_SIZE) }),
        response: { 200: paged(publicReview) },
      },
    },
    // Public and the same for everyone: 30 s in the profiles' cache, emptied when a review is decided.
    async ({ params: { id }, query: { page, pageSize } }) =>
      profiles.get(`perfil:${id}:avaliacoes:${page}:${pageSize}`, () => approvedReviewsOf(db, id, page, pageSize)),
  );

  app.get(
    '/cliente/profissionais-avaliaveis',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['reviews'],
        summary: 'Profissionais que escolhi para projetos meus concluídos (para avaliar), 6 por página',
        security: sec,
        querystring: pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(REVIEWABLE_PAGE_SIZE) }),
        response: { 200: paged(reviewableProfessional), ...errors },
      },
    },
    async (request) => reviewableProfessionals(db, request.user.id, request.query.q, request.query.page, request.query.pageSize),
  );

  app.post(
    '/review/create',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['reviews'],
        summary: 'Avaliar o profissional que escolhi para um projeto meu concluído (uma vez por projeto)',
        security: sec,
        body: createReviewBody,
        response: { 201: reviewCreated, ...errors },
      },
    },
    async (request, reply) => {
      assertOwnIdInBody(request.user, request.body.clienteId);
      return reply.status(201).send(await createReview(db, request.user.id, request.body, app.ctx.clock.now()));
    },
  );
};
