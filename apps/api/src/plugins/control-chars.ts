import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARS } from '@tc/shared';
import { badRequest } from '../lib/app-error';

export const CONTROL_CHARS_MESSAGE = 'O texto contém caracteres inválidos.';

/** True when any string in this value (deep) holds a control character. */
export function hasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasControlChars(v, depth + 1));
  return Object.entries(value).some(([k, v]) => CONTROL_CHARS.test(k) || hasControlChars(v, depth + 1));
}

export const assertNoControlChars = (value: unknown) => {
  if (hasControlChars(value)) throw badRequest('VALIDATION', CONTROL_CHARS_MESSAGE);
};

/**
 * Refuses, at the edge, any text with control characters in the path, query or JSON body: PostgreSQL
 * cannot store NUL in text (the insert failed with a 500), and none belongs in a name or a
 * description. Multipart fields are checked where the form is read (uploads/multipart.ts).
 */
export function registerControlCharGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertNoControlChars(request.params);
      assertNoControlChars(request.query);
      if (request.body && !request.isMultipart()) assertNoControlChars(request.body);
      done();
    } catch (e) {
      done(e as Error);
    }
  });
}
