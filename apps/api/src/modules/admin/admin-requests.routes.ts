import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveRequestBody,
  approveRequestResponse,
  deletedRequestResponse,
  errorResponse,
  idParams,
  updateCreditsBody,
  updateCreditsResponse,
} from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { approveRequest, deleteRequestAsAdmin, setRequestCredits } from './admin-requests.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const sec = [{ bearer: [] }];

export const adminRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const admin = requireRole('admin');

  app.patch(
    '/requests/:id/aprovar',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security: sec,
        params: idParams,
        body: approveRequestBody,
        response: { 200: approveRequestResponse, ...errors },
        summary:
          'Aprovar e definir os créditos num só passo (ESPERA → ABERTO). Sem {creditos}, fica aprovado mas invisível até ter créditos. Recusado enquanto o cliente não confirmar o e-mail.',
      },
    },
    async (request) => approveRequest(db, request.params.id, request.user.id, clock.now(), request.body?.creditos),
  );

  app.put(
    '/requests/atualiza-creditos/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Definir os créditos de um projeto aberto',
        security: sec,
        params: idParams,
        body: updateCreditsBody,
        response: { 200: updateCreditsResponse, ...errors },
      },
    },
    async (request) => setRequestCredits(db, request.params.id, request.body.creditos, request.user.id, clock.now()),
  );

  app.delete(
    '/requests/delete/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Eliminar projeto (reembolsa quem já pagou, na mesma transação)',
        security: sec,
        params: idParams,
        response: { 200: deletedRequestResponse, ...errors },
      },
    },
    async (request) => deleteRequestAsAdmin(db, request.params.id, request.user.id, clock.now()),
  );
};
