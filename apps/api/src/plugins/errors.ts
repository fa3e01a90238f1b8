import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { M } from '@tc/shared';
import { AppError } from '../lib/app-error';

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
      // Fastify's own 4xx (bad JSON, body too large, wrong content type): a generic Portuguese text.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? M.imagemMax
          : M.validation;
      return reply.status(error.statusCode).send({ code: error.code ?? 'BAD_REQUEST', message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: M.internal });
  });
}
