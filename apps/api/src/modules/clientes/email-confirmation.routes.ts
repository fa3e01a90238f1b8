import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmationResent, confirmEmailQuery, confirmEmailResponse, EMAIL_CONFIRMATION_TEXTS, errorResponse } from '@tc/shared';
import { AppError } from '../../lib/app-error';
import { keyLimits } from '../../lib/key-limits';
import { requireRole } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import { confirmationLinks, confirmEmail, resendConfirmation } from './email-confirmation.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

/** Confirmation e-mails one account may ask for in an hour (the first, at sign-up, is not counted). */
export const RESEND_PER_HOUR = 5;

export const emailConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock, hashKey, failures } = app.ctx;
  const links = confirmationLinks(env, hashKey, () => clock.now());
  const limits = keyLimits(failures);

  // The link in the e-mail opens the web page /confirmar-email, which POSTs here; GET does the same
  // (idempotent) for whoever calls the API directly.
  const schema = {
    tags: ['cliente'],
    summary: 'Confirmar o e-mail do cliente com o link assinado (idempotente; link falsificado ou expirado é recusado)',
    querystring: confirmEmailQuery,
    response: { 200: confirmEmailResponse, ...errors },
  };
  const config = routeLimit(env.RATE_LIMIT, 30, '10 minutes');
  app.get('/cliente/confirmar-email', { config, schema }, async (request) => confirmEmail(db, hashKey, request.query.t, clock.now()));
  app.post('/cliente/confirmar-email', { config, schema }, async (request) => confirmEmail(db, hashKey, request.query.t, clock.now()));

  app.post(
    '/cliente/reenviar-confirmacao',
    {
      onRequest: requireRole('cliente'),
      schema: {
        tags: ['cliente'],
        summary: `Reenviar o e-mail de confirmação (no máximo ${RESEND_PER_HOUR} por hora e por conta)`,
        security: [{ bearer: [] }],
        response: { 200: confirmationResent, ...errors },
      },
    },
    async (request) => {
      // Per account, whatever the address: the owner's mailbox must not be flooded.
      const resends = [{ key: `confirm-send:cliente:${request.user.id}`, max: RESEND_PER_HOUR, windowMs: 60 * 60 * 1000 }];
      if (await limits.reached(resends)) throw new AppError(429, 'TOO_MANY_REQUESTS', EMAIL_CONFIRMATION_TEXTS.reenvioLimite);
      const result = await resendConfirmation(db, links, request.user.id);
      await limits.record(resends);
      return result;
    },
  );
};
