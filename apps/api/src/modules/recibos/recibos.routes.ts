import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams, receiptResponse } from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { getReceipt } from './recibos.service';

export const recibosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/pagamentos/:id/recibo',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: {
        tags: ['pagamentos'],
        security: [{ bearer: [] }],
        params: idParams,
        summary: 'Recibo de uma compra paga (só para o profissional que a fez e para administradores)',
        response: { 200: receiptResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => getReceipt(db, request.params.id, request.user),
  );
};
