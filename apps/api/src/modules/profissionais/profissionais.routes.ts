import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, paged, pageQuery, profissionalCard, profissionalListItem, profissionalPerfil } from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { wordsOf } from '../../db/search';
import { getProfissional, PROS_PAGE_SIZE, searchProfissionais, topRated } from './profissionais.service';

const card = profissionalCard;
const profile = profissionalPerfil;

export const profissionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, profiles, searches } = app.ctx;

  app.get(
    '/profissional/top-avaliados',
    {
      config: { sharedAnswer: true },
      schema: { tags: ['profissional'], summary: 'Profissionais mais bem avaliados (público)', response: { 200: z.array(card) } },
    },
    // Public and the same for everyone: a 30 s cache, emptied when a review is decided.
    async () => cache.get('home:top-avaliados', () => topRated(db)),
  );

  app.get(
    '/profissional/see-all',
    {
      onRequest: requireRole('cliente', 'admin'),
      config: { sharedAnswer: true },
      schema: {
        tags: ['profissional'],
        summary: 'Pesquisar profissionais por nome, especialidade ou cidade (10 por página)',
        security: [{ bearer: [] }],
        querystring: pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(PROS_PAGE_SIZE) }),
        response: { 200: paged(profissionalListItem), 401: errorResponse, 403: errorResponse },
      },
    },
    // The same for everyone. Without a text (best rated first): the home lists' 30 s cache, emptied
    // with them when a review is decided. By text: the searches' 15 s cache (app.ts), by the words
    // searched (wordsOf: "Lisboa" and "lisboa " are one search); PostgreSQL plans each search for its
    // word, which costs more than the page itself.
    async ({ query: { q, page, pageSize } }) =>
      q?.trim()
        ? searches.get(`pros:${JSON.stringify([wordsOf(q.trim()), page, pageSize])}`, () => searchProfissionais(db, q, page, pageSize, searches))
        : cache.get(`home:profissionais:${page}:${pageSize}`, () => searchProfissionais(db, undefined, page, pageSize)),
  );

  app.get(
    '/profissional/:id',
    {
      onRequest: requireRole('cliente', 'profissional', 'admin'),
      config: { sharedAnswer: true },
      schema: {
        tags: ['profissional'],
        summary: 'Perfil público de um profissional (sem e-mail nem documentos)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: profile, 404: errorResponse },
      },
    },
    // The same for every reader: 30 s in the profiles' cache (app.ts says what empties it). An unknown
    // id (404) is not kept.
    async ({ params: { id } }) => profiles.get(`perfil:${id}:`, () => getProfissional(db, id)),
  );
};
