import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClientesPage,
  adminCount,
  adminEuros,
  adminPaymentsPage,
  adminProfissionaisPage,
  adminProjectsPage,
  adminReviewsPage,
  adminStats,
  adminTotal,
  auditPage,
  deletedId,
  errorResponse,
  fileBytes,
  idParam,
  idParams,
  PLAN_VALUES,
  pageQuery,
  paymentAnomaliesPage,
  paymentAnomaly,
  PROJECT_STATUSES,
  REVIEW_STATUSES,
  reviewDecision,
  verificationDecision,
} from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { listPaymentAnomalies, resolvePaymentAnomaly } from '../payments/payment-anomalies.service';
import { decideVerification, readDocument } from '../profissionais/verification.service';
import { decideReview, deleteReview, listReviews } from '../reviews/moderation.service';
import { listAudit, listClientes, listProfissionaisAdmin, listProjects } from './admin.service';
import { ADMIN_PAGE_SIZE } from '../../db/paging';
import { chartSeries, CHARTS_REFRESH_MS, dashboardStats, listPaymentsAdmin, liveFigures } from './stats.service';
import { servedWhileRefreshed } from '../../lib/ttl-cache';

const errors = { 401: errorResponse, 403: errorResponse };
const sec = [{ bearer: [] }];
const tags = ['admin'];
const listQuery = pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(ADMIN_PAGE_SIZE) });
/** Filters accept TODOS (all) as the screens send it. */
const statusFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal('TODOS'), z.enum(values)])
    .optional()
    .transform((v) => (v === 'TODOS' ? undefined : v));

/** Every route here refuses clients, professionals and anonymous callers on the server. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, clock, cache } = app.ctx;
  app.addHook('onRequest', requireRole('admin'));
  // The figures (stats.service.ts): totals, money and queues from the short cache any write on this
  // instance empties (`admin:`); the charts recomputed in the background once 30 s old, not emptied by
  // writes (the view after that gets the previous ones, the views after the recompute the new ones).
  const live = () => cache.get('admin:figuras', () => liveFigures(db));
  const charts = servedWhileRefreshed(
    CHARTS_REFRESH_MS,
    () => clock.now().getTime(),
    () => chartSeries(db, clock.now()),
    (e) => app.log.error({ err: e }, 'dashboard: falha ao recalcular os gráficos'),
  );
  // A review approved or deleted, or a verification decided, changes the home page's public lists and
  // that one professional's cached profile and reviews, dropped at once on this instance (others catch
  // up within the caches' 30 s). Not every profile: an admin clearing the queue emptied the whole
  // cache of profiles with each decision. A rejection changes nothing public (a pending review shows
  // nowhere), nor does a refused request.
  const publicChange = (profissionalId: number) => {
    cache.invalidate('home:');
    app.ctx.profiles.invalidate(`perfil:${profissionalId}:`);
  };

  // The same for every admin while its cached parts last (a shared answer: its JSON written once).
  app.get(
    '/admin/stats',
    { config: { sharedAnswer: true }, schema: { tags, security: sec, summary: 'Números e séries do dashboard', response: { 200: adminStats, ...errors } } },
    async () => dashboardStats(live(), charts()),
  );

  app.get(
    '/requests/all',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Projetos (pesquisa, filtro de estado, paginado)',
        querystring: listQuery.extend({ status: statusFilter(PROJECT_STATUSES) }),
        response: { 200: adminProjectsPage, ...errors },
      },
    },
    async (request) => listProjects(db, request.query, app.ctx.searches),
  );

  app.get(
    '/requests/total',
    { schema: { tags, security: sec, summary: 'Número de projetos', response: { 200: adminCount, ...errors } } },
    async () => (await live()).projetos,
  );
  app.get('/cliente/total', { schema: { tags, security: sec, summary: 'Número de clientes', response: { 200: adminTotal, ...errors } } }, async () => ({
    total: (await live()).clientes,
  }));
  app.get(
    '/profissional/total',
    { schema: { tags, security: sec, summary: 'Número de profissionais', response: { 200: adminTotal, ...errors } } },
    async () => ({ total: (await live()).profissionais }),
  );
  app.get(
    '/subscriptions/valorPagoTotal',
    { schema: { tags, security: sec, summary: 'Valor recebido (euros)', response: { 200: adminEuros, ...errors } } },
    async () => (await live()).recebidoCentimos / 100,
  );

  app.get(
    '/review/all',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Reviews (pesquisa por comentário ou cliente, filtro de estado)',
        querystring: listQuery.extend({ status: statusFilter(REVIEW_STATUSES) }),
        response: { 200: adminReviewsPage, ...errors },
      },
    },
    async (request) => listReviews(db, request.query, app.ctx.searches),
  );
  app.put(
    '/review/accept/:id',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Aprovar review pendente (recalcula a nota média)',
        params: idParams,
        response: { 200: reviewDecision, 404: errorResponse, 409: errorResponse, ...errors },
      },
    },
    async (request) => {
      const decided = await decideReview(db, request.params.id, 'APROVADO', request.user.id, clock.now());
      publicChange(decided.profissionalId);
      return decided;
    },
  );
  app.put(
    '/review/deny/:id',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Reprovar review pendente (NEGADO, mostrado REPROVADO)',
        params: idParams,
        response: { 200: reviewDecision, 404: errorResponse, 409: errorResponse, ...errors },
      },
    },
    async (request) => decideReview(db, request.params.id, 'NEGADO', request.user.id, clock.now()),
  );
  app.delete(
    '/review/delete/:id',
    { schema: { tags, security: sec, summary: 'Eliminar review', params: idParams, response: { 200: deletedId, 404: errorResponse, ...errors } } },
    async (request) => {
      const deleted = await deleteReview(db, request.params.id, request.user.id, clock.now());
      publicChange(deleted.profissionalId);
      return deleted;
    },
  );

  app.get(
    '/cliente/see-all',
    { schema: { tags, security: sec, summary: 'Clientes (pesquisa por nome)', querystring: listQuery, response: { 200: adminClientesPage, ...errors } } },
    async (request) => listClientes(db, request.query, app.ctx.searches),
  );
  app.get(
    '/admin/profissionais',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Profissionais com contactos, especialidades e estado da verificação',
        querystring: listQuery.extend({ verificacao: z.enum(['PENDENTE', 'VERIFICADO', 'RECUSADO']).optional() }),
        response: { 200: adminProfissionaisPage, ...errors },
      },
    },
    async (request) => listProfissionaisAdmin(db, request.query, app.ctx.searches),
  );

  app.get(
    '/admin/profissionais/:id/documentos/:lado',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Imagem do Cartão de Cidadão (cada visualização fica no registo de auditoria)',
        params: z.object({ id: idParam, lado: z.enum(['frente', 'verso']) }),
        response: { 200: fileBytes, 404: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await readDocument(db, storage, request.params.id, request.params.lado, request.user.id);
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(data);
    },
  );
  app.post(
    '/admin/profissionais/:id/verificacao',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Decidir a verificação (os documentos são depois eliminados)',
        params: idParams,
        body: z.object({ decisao: z.enum(['VERIFICADO', 'RECUSADO']) }),
        response: { 200: verificationDecision, 404: errorResponse, 409: errorResponse, ...errors },
      },
    },
    // The badges on the home page's cards change with it.
    async (request) => {
      const decided = await decideVerification(db, storage, request.params.id, request.body.decisao, request.user.id, clock.now());
      publicChange(request.params.id);
      return decided;
    },
  );

  app.get(
    '/admin/pagamentos',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Pagamentos por trás dos valores (recebido = pagos; total = pagos e pendentes)',
        querystring: listQuery.extend({
          tipo: z.enum(['recebido', 'total']).default('total'),
          mes: z
            .string()
            .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'Mês inválido: use o formato AAAA-MM.')
            .optional(),
          plano: z.enum(PLAN_VALUES).optional(),
        }),
        response: { 200: adminPaymentsPage, ...errors },
      },
    },
    // Out of the `admin:` prefix that every write empties: the key itself changes with the payments.
    async (request) => listPaymentsAdmin(db, async (key, load) => cache.get(`pagamentos:${(await live()).pagamentosAlteracoes}:${key}`, load), request.query),
  );

  app.get(
    '/admin/pagamentos/por-conciliar',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Pagamentos por conciliar: eventos do Stripe que não correspondem a uma compra (nada creditado); por resolver primeiro',
        querystring: listQuery.pick({ page: true, pageSize: true }),
        response: { 200: paymentAnomaliesPage, ...errors },
      },
    },
    async (request) => listPaymentAnomalies(db, request.query.page, request.query.pageSize),
  );
  app.patch(
    '/admin/pagamentos/por-conciliar/:id/resolver',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Marcar um pagamento por conciliar como resolvido (fica no registo de auditoria)',
        params: idParams,
        response: { 200: paymentAnomaly, 404: errorResponse, ...errors },
      },
    },
    async (request) => resolvePaymentAnomaly(db, request.params.id, request.user.id, clock.now()),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        security: sec,
        summary: 'Registo de auditoria das ações de administração',
        querystring: listQuery.pick({ page: true, pageSize: true }),
        response: { 200: auditPage, ...errors },
      },
    },
    async (request) => listAudit(db, request.query.page, request.query.pageSize),
  );
};
