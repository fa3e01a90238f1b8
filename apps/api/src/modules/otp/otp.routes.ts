import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponse, loginTipo, M, messageResponse, otpSendBody, otpValidateBody, otpValidateResponse, recoveryPasswordBody } from '@tc/shared';
import { AppError } from '../../lib/app-error';
import { sessionKey } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import { recoveryLimits } from '../auth/attempt-limits';
import { recoverPassword, sendOtp, validateOtp } from './otp.service';

const errors = { 400: errorResponse, 429: errorResponse };

export const otpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, clock, mailer, hashKey: key } = app.ctx;
  const limits = recoveryLimits(app.ctx.failures);
  const tooMany = () => Object.assign(new Error('rate'), { statusCode: 429 });
  // Codes are made and mailed after the answer: the reply takes the same time whether the account
  // exists or not. Close waits for what is still running.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  app.post(
    '/otp/send',
    {
      config: routeLimit(env.RATE_LIMIT, 10, '15 minutes'),
      schema: {
        tags: ['recuperação'],
        summary: 'Enviar código de recuperação (a resposta é a mesma quer a conta exista ou não)',
        body: otpSendBody.extend({ tipo: loginTipo.default('cliente') }),
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const { email, tipo } = request.body;
      if (env.RATE_LIMIT && !(await limits.sendAllowed(tipo, email, request.ip))) throw tooMany();
      const log = (e: unknown) => request.log.error({ err: e }, 'recovery code not sent');
      const job = sendOtp(db, mailer, key, email, tipo, clock.now(), log).catch(log);
      pending.add(job);
      void job.finally(() => pending.delete(job));
      return { message: 'Se existir uma conta com este e-mail, enviámos um código de 6 dígitos.' };
    },
  );

  app.post(
    '/otp/validate',
    {
      config: routeLimit(env.RATE_LIMIT, 20, '15 minutes'),
      schema: {
        tags: ['recuperação'],
        summary: 'Validar o código; devolve message=true e um token de reposição',
        body: otpValidateBody.extend({ tipo: loginTipo.default('cliente') }),
        response: { 200: otpValidateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email, tipo, code } = request.body;
      if (env.RATE_LIMIT && (await limits.validateBlocked(tipo, email, request.ip))) throw tooMany();
      const token = await validateOtp(db, key, email, tipo, code, clock.now()).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'OTP_INVALID') return null;
        throw e;
      });
      if (!token && env.RATE_LIMIT) await limits.validateFailed(tipo, email, request.ip);
      if (!token) return reply.status(400).send({ code: 'OTP_INVALID', message: M.otpInvalid });
      return { message: true, resetToken: token };
    },
  );

  for (const tipo of ['cliente', 'profissional', 'admin'] as const) {
    app.put(
      `/${tipo}/recovery-password`,
      {
        config: routeLimit(env.RATE_LIMIT, 10, '15 minutes'),
        schema: {
          tags: ['recuperação'],
          summary: 'Definir nova senha com o token de reposição (e-mail e senha sozinhos não alteram nada)',
          body: recoveryPasswordBody,
          response: { 200: messageResponse, ...errors },
        },
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
