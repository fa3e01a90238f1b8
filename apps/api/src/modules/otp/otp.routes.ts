import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponse, loginTipo, M, messageResponse, otpSendBody, otpValidateBody, otpValidateResponse, recoveryPasswordBody } from '@tc/shared';
import { sessionKey } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import { recoverPassword, sendOtp, validateOtp } from './otp.service';

const errors = { 400: errorResponse, 429: errorResponse };

export const otpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock, mailer, hashKey: key } = app.ctx;
  // Separate per-e-mail budgets for sending and for validating, so using up one does not block the other.
  const limiter = (kind: string, max: number) =>
    app.createRateLimit({
      max,
      timeWindow: '15 minutes',
      keyGenerator: (req) => `otp-${kind}:${String((req.body as { email?: string })?.email ?? '').toLowerCase()}`,
    });
  const perEmail = { send: limiter('send', 5), validate: limiter('validate', 10) };
  const limitEmail = async (kind: keyof typeof perEmail, request: Parameters<typeof perEmail.send>[0]) => {
    if (!env.RATE_LIMIT) return;
    const r = await perEmail[kind](request);
    if (!r.isAllowed && r.isExceeded) throw Object.assign(new Error('rate'), { statusCode: 429 });
  };

  app.post(
    '/otp/send',
    {
      config: routeLimit(env.RATE_LIMIT, 10, '15 minutes'),
      schema: { tags: ['recuperação'], summary: 'Enviar código de recuperação (a resposta é a mesma quer a conta exista ou não)', body: otpSendBody.extend({ tipo: loginTipo.default('cliente') }), response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await limitEmail('send', request);
      await sendOtp(db, mailer, key, request.body.email, request.body.tipo, clock.now(), (e) => request.log.error({ err: e }, 'recovery e-mail not sent'));
      return { message: 'Se existir uma conta com este e-mail, enviámos um código de 6 dígitos.' };
    },
  );

  app.post(
    '/otp/validate',
    {
      config: routeLimit(env.RATE_LIMIT, 20, '15 minutes'),
      schema: { tags: ['recuperação'], summary: 'Validar o código; devolve message=true e um token de reposição', body: otpValidateBody.extend({ tipo: loginTipo.default('cliente') }), response: { 200: otpValidateResponse, ...errors } },
    },
    async (request, reply) => {
      await limitEmail('validate', request);
      const token = await validateOtp(db, key, request.body.email, request.body.tipo, request.body.code, clock.now());
      if (!token) return reply.status(400).send({ code: 'OTP_INVALID', message: M.otpInvalid });
      return { message: true, resetToken: token };
    },
  );

  for (const tipo of ['cliente', 'profissional', 'admin'] as const) {
    app.put(
      `/${tipo}/recovery-password`,
      {
        config: routeLimit(env.RATE_LIMIT, 10, '15 minutes'),
        schema: { tags: ['recuperação'], summary: 'Definir nova senha com o token de reposição (e-mail e senha sozinhos não alteram nada)', body: recoveryPasswordBody, response: { 200: messageResponse, ...errors } },
      },
      async (request) => {
        await recoverPassword(db, key, tipo, request.body.email, request.body.resetToken, request.body.novaSenha, clock.now());
        // The reset names an e-mail, not an id: forget every cached session version of this role here.
        app.ctx.sessions.invalidate(sessionKey(tipo));
        return { message: M.senhaAlterada };
      },
    );
  }
};

