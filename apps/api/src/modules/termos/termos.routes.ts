import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aceitarTermosBody, aceitarTermosResponse, errorResponse } from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { acceptTerms, type TermosRole } from './termos.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };

/** Re-acceptance after the terms changed (the log-in answer says `termosPorAceitar: true`). */
export const termosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.post(
    '/termos/aceitar',
    {
      onRequest: requireRole('cliente', 'profissional'),
      schema: {
        tags: ['termos'],
        summary: 'Aceitar a versão atual dos Termos e Condições e da Política de Privacidade (cliente ou profissional)',
        security: [{ bearer: [] }],
        body: aceitarTermosBody,
        response: { 200: aceitarTermosResponse, ...errors },
      },
    },
    async (request) => acceptTerms(db, request.user.tipo as TermosRole, request.user.id, request.body.versao, app.ctx.termosVersao(), clock.now()),
  );
};
