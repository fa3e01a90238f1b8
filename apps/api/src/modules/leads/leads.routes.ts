import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLeadReport, adminLeadReportsPage, DEFAULT_PAGE_SIZE, errorResponse, idParams, leadReportSummary, pageQuery, reportLeadBody } from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { listLeadReports, refundLeadReport, refuseLeadReport, reportLead } from './leads.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const sec = [{ bearer: [] }];

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const admin = requireRole('admin');

  app.post(
    '/candidaturas/:id/reportar',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags: ['créditos'],
        summary: 'Reportar o contacto de uma candidatura minha (até 7 dias depois): contacto inválido, cliente não responde ou duplicado',
        security: sec,
        params: idParams,
        body: reportLeadBody,
        response: { 201: leadReportSummary, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await reportLead(db, request.params.id, request.user.id, request.body, clock.now())),
  );

  app.get(
    '/admin/leads-reportados',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Leads reportados pelos profissionais: por decidir primeiro, depois os mais recentes',
        security: sec,
        querystring: pageQuery.pick({ page: true, pageSize: true }).extend({ pageSize: pageQuery.shape.pageSize.default(DEFAULT_PAGE_SIZE) }),
        response: { 200: adminLeadReportsPage, ...errors },
      },
    },
    async (request) => listLeadReports(db, request.query.page, request.query.pageSize),
  );

  app.patch(
    '/admin/leads-reportados/:id/reembolsar',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Reembolsar os créditos da candidatura reportada (uma única vez)',
        security: sec,
        params: idParams,
        response: { 200: adminLeadReport, ...errors },
      },
    },
    async (request) => refundLeadReport(db, request.params.id, request.user.id, clock.now()),
  );

  app.patch(
    '/admin/leads-reportados/:id/recusar',
    {
      onRequest: admin,
      schema: { tags: ['admin'], summary: 'Recusar o reporte (sem reembolso)', security: sec, params: idParams, response: { 200: adminLeadReport, ...errors } },
    },
    async (request) => refuseLeadReport(db, request.params.id, request.user.id, clock.now()),
  );
};
