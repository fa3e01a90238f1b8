import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, selosResponse } from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { selosDoProfissional } from './selos.service';

export const selosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.get(
    '/profissional/selos',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags: ['profissional'],
        summary: 'Os seus selos: os que tem e, para os outros, o que falta (só o próprio profissional; recalculados no momento)',
        security: [{ bearer: [] }],
        response: { 200: selosResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => selosDoProfissional(db, request.user.id, clock.now()),
  );
};
