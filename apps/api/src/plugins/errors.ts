import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { M } from '@tc/shared';
import { AppError } from '../lib/app-error';
import { sqlState } from '../lib/db-errors';

/** One error shape for every failure: `{ code, message }` (+ `fields` on validation); 5xx never leaks. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || zodPath?.join('.') || '_';
        fields[path] ??= issue.message ?? M.validation;
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send({ code: 'VALIDATION', message: first ?? M.validation, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: M.internal });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'TOO_MANY_REQUESTS', message: M.tooManyRequests });
    }
    if (error.statusCode && error.statusCode < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type): a Portuguese text for each.
      // Only a file over its limit is about an image; a body over 1 MB is any request (JSON, text).
      const message =
        error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? M.imagemMax
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? M.pedidoGrande
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? M.formatoNaoSuportado
              : M.validation;
      return reply.status(error.statusCode).send({ code: error.code ?? 'BAD_REQUEST', message });
    }
    if (sqlState(error) === '57014') {
      // PostgreSQL stopped a statement at DATABASE_STATEMENT_TIMEOUT_MS (a lock held too long, a
      // database under strain): the request may well work in a moment, so say that, not "error".
      request.log.warn({ err: error }, 'statement timeout');
      return reply.status(503).header('retry-after', '5').send({ code: 'BUSY', message: M.ocupado });
    }
    if (sqlState(error) === '40P01' || sqlState(error) === '40001') {
      // Two transactions waited for each other (or could not be serialised) and PostgreSQL undid this
      // one: nothing it did remains, and trying again works. Lock orders are kept to avoid it
      // (decision 0003); a pair not yet put in order is then a "try again", not an error.
      request.log.warn({ err: error }, 'transaction undone by PostgreSQL (deadlock or serialisation)');
      return reply.status(503).header('retry-after', '1').send({ code: 'BUSY', message: M.ocupado });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: M.internal });
  });
}

/**
 * Fastify's `frameworkErrors`: failures the router meets before any route (and so the error handler)
 * runs, which Fastify would otherwise answer itself, in English: a path it cannot decode ("%zz"),
 * a path parameter longer than the router allows.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ code: 'URI_TOO_LONG', message: M.enderecoLongo });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ code: 'BAD_URL', message: M.enderecoInvalido });
  return reply.status(500).send({ code: 'INTERNAL', message: M.internal });
}
