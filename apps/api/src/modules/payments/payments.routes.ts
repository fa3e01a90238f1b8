import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type Stripe from 'stripe';
import {
  checkoutBody,
  checkoutStarted,
  errorResponse,
  idParams,
  M,
  paged,
  pageQuery,
  PAYMENT_STATES,
  paymentResponse,
  ledgerEntry,
  stripeWebhookAck,
} from '@tc/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isDemo } from '../../config/env';
import { assertOwnIdInBody, assertSelf } from '../../lib/ownership';
import { requireRole } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import { demoProvider, makeStripe, stripeProvider } from './providers';
import { ledgerHistory } from '../creditos/ledger';
import {
  checkoutAction,
  closePayment,
  eventSeen,
  fulfilPayment,
  getPayment,
  listPayments,
  recordEvent,
  settleCheckoutEvent,
  startCheckout,
} from './payments.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const sec = [{ bearer: [] }];
const payment = paymentResponse;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock } = app.ctx;
  const stripe = await makeStripe(env);
  // Without Stripe keys, the demonstration provider exists only in demo mode: in production it would
  // let anyone confirm their own purchase.
  const provider = stripe ? stripeProvider(stripe) : isDemo(env) ? demoProvider : undefined;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');

  app.post(
    '/stripe/checkout',
    {
      onRequest: requireRole('profissional', 'cliente', 'admin'),
      config: routeLimit(env.RATE_LIMIT, 20, '10 minutes'),
      schema: {
        tags: ['pagamentos'],
        security: sec,
        body: checkoutBody,
        response: { 200: checkoutStarted, ...errors },
        summary: `Comprar um plano de créditos: abre o checkout (${stripe ? 'Stripe' : 'fornecedor de demonstração'}). O preço vem do catálogo do servidor.`,
      },
    },
    async (request) => {
      if (request.user.tipo !== 'profissional') throw forbidden(M.apenasProfissionais);
      assertOwnIdInBody(request.user, request.body.profissionalId);
      if (!provider) throw new AppError(503, 'PAYMENTS_UNAVAILABLE', 'Os pagamentos estão temporariamente indisponíveis. Tente mais tarde.');
      const { nif, faturacaoNome, faturacaoMorada } = request.body;
      return startCheckout(db, provider, request.user.id, request.body.pacote, request.body.metodo, publicUrl, { nif, faturacaoNome, faturacaoMorada });
    },
  );

  // The webhook must verify Stripe's signature on the exact bytes received: keep this route's body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/stripe/webhook',
      {
        schema: {
          tags: ['pagamentos'],
          summary: 'Webhook do Stripe (assinatura verificada no corpo original)',
          hide: !stripe,
          response: { 200: stripeWebhookAck, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        if (!stripe || !env.STRIPE_WEBHOOK_SECRET) throw notFound();
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ''), env.STRIPE_WEBHOOK_SECRET);
        } catch {
          return reply.status(400).send({ code: 'BAD_SIGNATURE', message: 'Assinatura inválida.' });
        }
        // Skip events already handled (each is recorded by id in the transaction that handles it, so
        // a failed attempt is retried by Stripe).
        if (await eventSeen(db, event.id)) return { received: true, duplicate: true };
        const action = checkoutAction(event);
        if (!action) {
          await recordEvent(db, event.id, event.type);
          return { received: true };
        }
        const result = await settleCheckoutEvent(db, event, action, clock.now());
        if (result.outcome === 'duplicate') return { received: true, duplicate: true };
        // Not ours or not what we sold: no credits, an admin reconciles it. Still 2xx, or Stripe
        // would retry for days an event whose answer will not change.
        if (result.outcome === 'anomaly') {
          request.log.warn({ stripeEvent: event.id, type: event.type, codigo: result.codigo }, 'payment event to reconcile');
          return { received: true, porConciliar: true };
        }
        return { received: true };
      },
    );
  });

  app.get(
    '/pagamentos/:id',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: { tags: ['pagamentos'], summary: 'Estado de um pagamento', security: sec, params: idParams, response: { 200: payment, ...errors } },
    },
    async (request) => getPayment(db, request.params.id, request.user),
  );

  app.get(
    '/pagamentos/profissional/:id',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: {
        tags: ['pagamentos'],
        summary: 'Compras de um profissional, das mais recentes, por páginas (estado: só as desse estado)',
        security: sec,
        params: idParams,
        querystring: pageQuery.pick({ page: true, pageSize: true }).extend({ estado: z.enum(PAYMENT_STATES).optional() }),
        response: { 200: paged(payment), ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, 'profissional', request.params.id, { admin: true });
      const { page, pageSize, estado } = request.query;
      return listPayments(db, request.params.id, page, pageSize, estado);
    },
  );

  app.get(
    '/creditos/historico/:id',
    {
      onRequest: requireRole('profissional', 'admin'),
      schema: {
        tags: ['créditos'],
        summary: 'Movimentos de créditos com o saldo após cada um',
        security: sec,
        params: idParams,
        querystring: pageQuery.pick({ page: true, pageSize: true }),
        response: { 200: paged(ledgerEntry), ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, 'profissional', request.params.id, { admin: true });
      return ledgerHistory(db, request.params.id, request.query.page, request.query.pageSize);
    },
  );

  // Demonstration provider: only when no Stripe keys are configured.
  const demoOwned = async (id: number, user: { tipo: string; id: number }) => {
    if (stripe || !isDemo(env)) throw notFound();
    const pay = await getPayment(db, id, user);
    if (pay.provider !== 'demo') throw notFound();
    return pay;
  };
  app.post(
    '/pagamentos/demo/:id/confirmar',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags: ['pagamentos'],
        summary: 'Demonstração: confirmar o pagamento (mesmo cumprimento que o webhook)',
        security: sec,
        params: idParams,
        response: { 200: payment, ...errors },
      },
    },
    async (request) => {
      await demoOwned(request.params.id, request.user);
      await fulfilPayment(db, request.params.id, clock.now());
      return getPayment(db, request.params.id, request.user);
    },
  );
  app.post(
    '/pagamentos/demo/:id/cancelar',
    {
      onRequest: requireRole('profissional'),
      schema: { tags: ['pagamentos'], summary: 'Demonstração: cancelar o pagamento', security: sec, params: idParams, response: { 200: payment, ...errors } },
    },
    async (request) => {
      await demoOwned(request.params.id, request.user);
      await closePayment(db, { paymentId: request.params.id }, 'CANCELADO');
      return getPayment(db, request.params.id, request.user);
    },
  );
};
