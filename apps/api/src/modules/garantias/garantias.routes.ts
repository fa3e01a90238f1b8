import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptGuaranteeBody,
  closeGuaranteeBody,
  disputeGuaranteeBody,
  errorResponse,
  fileBytes,
  GARANTIA_ESTADOS,
  GUARANTEE_MAX_PHOTOS,
  garantiaItem,
  garantiaNumeros,
  garantiasPage,
  idParam,
  idParams,
  openGuaranteeFields,
  pageQuery,
  DEFAULT_PAGE_SIZE,
} from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { parseFields, readMultipart } from '../uploads/multipart';
import {
  answerGuarantee,
  closeGuarantee,
  guaranteeFigures,
  listAllGuarantees,
  listClientGuarantees,
  listProfessionalGuarantees,
  openGuarantee,
  readGuarantee,
  readGuaranteePhoto,
} from './garantias.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const sec = [{ bearer: [] }];
const tags = ['garantias'];
const listQuery = pageQuery.pick({ page: true, pageSize: true }).extend({ pageSize: pageQuery.shape.pageSize.default(DEFAULT_PAGE_SIZE) });
const IDS_MSG = 'Lista de identificadores inválida.';

/** The 14-day technical guarantee (docs/decisions/0014). */
export const garantiasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, clock } = app.ctx;
  const parties = requireRole('cliente', 'profissional', 'admin');
  const admin = requireRole('admin');

  app.post(
    '/requests/:id/garantia',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags,
        security: sec,
        params: idParams,
        consumes: ['multipart/form-data'],
        summary: `Acionar a garantia de um projeto meu concluído com profissional escolhido, até 14 dias depois: multipart descricao e até ${GUARANTEE_MAX_PHOTOS} fotos`,
        multipartForm: openGuaranteeFields.extend({ fotos: z.array(z.file()).max(GUARANTEE_MAX_PHOTOS).optional() }),
        response: { 201: garantiaItem, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request);
      const { descricao } = parseFields(openGuaranteeFields, fields);
      return reply.status(201).send(await openGuarantee(db, storage, request.params.id, request.user.id, descricao, files, clock.now()));
    },
  );

  app.get(
    '/cliente/garantias',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags,
        security: sec,
        summary: 'Os meus pedidos de garantia, mais recentes primeiro',
        querystring: listQuery,
        response: { 200: garantiasPage, ...errors },
      },
    },
    async (request) => listClientGuarantees(db, request.user.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/profissional/garantias',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags,
        security: sec,
        summary: 'Pedidos de garantia sobre os meus trabalhos: por responder primeiro',
        querystring: listQuery,
        response: { 200: garantiasPage, ...errors },
      },
    },
    async (request) => listProfessionalGuarantees(db, request.user.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/profissional/:id/garantias',
    {
      onRequest: parties,
      schema: {
        tags,
        security: sec,
        summary: 'Números de garantia de um profissional (acionadas e aceites), para o perfil público',
        params: idParams,
        response: { 200: garantiaNumeros, ...errors },
      },
    },
    async (request) => (await guaranteeFigures(db, [request.params.id]))[0]!,
  );

  app.get(
    '/garantias/:id',
    {
      onRequest: parties,
      schema: {
        tags,
        security: sec,
        summary: 'Um pedido de garantia (só o cliente, o profissional escolhido e os admins)',
        params: idParams,
        response: { 200: garantiaItem, ...errors },
      },
    },
    async (request) => readGuarantee(db, request.params.id, request.user),
  );

  app.get(
    '/garantias/:id/fotos/:n',
    {
      onRequest: parties,
      schema: {
        tags,
        security: sec,
        summary: 'Fotografia de um pedido de garantia (privada: só as partes)',
        params: z.object({
          id: idParam,
          n: z.coerce
            .number({ error: 'Fotografia inválida.' })
            .int('Fotografia inválida.')
            .min(1, 'Fotografia inválida.')
            .max(GUARANTEE_MAX_PHOTOS, 'Fotografia inválida.'),
        }),
        response: { 200: fileBytes, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const data = await readGuaranteePhoto(db, storage, request.params.id, request.params.n, request.user);
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(data);
    },
  );

  app.patch(
    '/garantias/:id/aceitar',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags,
        security: sec,
        summary: 'Aceitar um pedido de garantia e propor a data da visita',
        params: idParams,
        body: acceptGuaranteeBody,
        response: { 200: garantiaItem, ...errors },
      },
    },
    async (request) => answerGuarantee(db, request.params.id, request.user.id, { aceite: true, ...request.body }, clock.now()),
  );

  app.patch(
    '/garantias/:id/contestar',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags,
        security: sec,
        summary: 'Contestar um pedido de garantia, explicando porquê',
        params: idParams,
        body: disputeGuaranteeBody,
        response: { 200: garantiaItem, ...errors },
      },
    },
    async (request) => answerGuarantee(db, request.params.id, request.user.id, { aceite: false, resposta: request.body.resposta }, clock.now()),
  );

  app.get(
    '/admin/garantias',
    {
      onRequest: admin,
      schema: {
        tags: ['admin', ...tags],
        security: sec,
        summary: 'Pedidos de garantia: abertos primeiro (ABERTA, ACEITE, CONTESTADA), depois encerrados; filtro de estado e de profissional',
        querystring: listQuery.extend({
          estado: z
            .union([z.literal('TODOS'), z.enum(GARANTIA_ESTADOS)], { error: 'Estado inválido.' })
            .optional()
            .transform((v) => (v === 'TODOS' ? undefined : v)),
          profissionalId: idParam.optional(),
        }),
        response: { 200: garantiasPage, ...errors },
      },
    },
    async (request) => listAllGuarantees(db, request.query),
  );

  app.get(
    '/admin/garantias/numeros',
    {
      onRequest: admin,
      schema: {
        tags: ['admin', ...tags],
        security: sec,
        summary: 'Números de garantia de vários profissionais (ids separados por vírgulas, até 50)',
        querystring: z.object({
          ids: z
            .string({ error: IDS_MSG })
            .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, IDS_MSG)
            .transform((v) => v.split(',').map(Number))
            .refine((ids) => ids.every((n) => n >= 1 && n <= 2_147_483_647), IDS_MSG),
        }),
        response: { 200: z.array(garantiaNumeros), ...errors },
      },
    },
    async (request) => guaranteeFigures(db, request.query.ids),
  );

  app.patch(
    '/admin/garantias/:id/fechar',
    {
      onRequest: admin,
      schema: {
        tags: ['admin', ...tags],
        security: sec,
        summary: 'Encerrar um pedido de garantia com a resolução',
        params: idParams,
        body: closeGuaranteeBody,
        response: { 200: garantiaItem, ...errors },
      },
    },
    async (request) => closeGuarantee(db, request.params.id, request.user.id, request.body.resolucao, clock.now()),
  );
};
