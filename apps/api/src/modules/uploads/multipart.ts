import { assertNoControlChars } from '../../plugins/control-chars';
import type { FastifyRequest } from 'fastify';
import { M } from '@tc/shared';
import { AppError, badRequest } from '../../lib/app-error';
import type { ImageInput } from './images';

export interface ParsedForm {
  fields: Record<string, string | string[]>;
  files: ImageInput[];
}

/**
 * What the multipart parser (busboy) throws, without a code, for a form the client built wrongly:
 * no boundary, a boundary it cannot use, a body that ends before the closing delimiter.
 */
const MALFORMED_FORM =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length bigger))/;

/** @fastify/multipart's own client errors, in the one error shape. */
const FORM_ERRORS: Record<string, [number, string, string]> = {
  FST_FILES_LIMIT: [413, 'TOO_MANY_FILES', M.formularioFicheirosAMais],
  FST_FIELDS_LIMIT: [413, 'TOO_MANY_FIELDS', M.formularioCamposAMais],
  FST_PARTS_LIMIT: [413, 'TOO_MANY_FIELDS', M.formularioCamposAMais],
  FST_PROTO_VIOLATION: [400, 'FORM_FIELD_NAME', M.formularioNomeInvalido],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'MALFORMED_FORM', M.formularioMalFormado],
  FST_MP_PREMATURE_CLOSE: [400, 'MALFORMED_FORM', M.formularioMalFormado],
};

/** A parser error caused by the client's bytes becomes a 4xx; anything else stays what it is (a 500). */
function formError(e: unknown): unknown {
  const err = e as { code?: unknown; message?: unknown };
  const known = typeof err.code === 'string' ? FORM_ERRORS[err.code] : undefined;
  if (known) return new AppError(known[0], known[1], known[2]);
  if (err.code === undefined && typeof err.message === 'string' && MALFORMED_FORM.test(err.message)) {
    return badRequest('MALFORMED_FORM', M.formularioMalFormado);
  }
  return e;
}

/**
 * Reads a multipart form fully: text fields (repeated names, and `name[]`, become arrays) and files
 * as buffers. Files over the 10 MB limit are marked truncated instead of failing the whole request,
 * so the user gets the field's own message.
 */
export async function readMultipart(request: FastifyRequest): Promise<ParsedForm> {
  if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', M.validation);
  const fields: Record<string, string | string[]> = {};
  const files: ImageInput[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        if (data.length > 0) files.push({ field: part.fieldname, data, truncated: part.file.truncated });
      } else {
        // Over the parser's field size (1 MB) the value arrives cut: refuse it rather than keep a part.
        if (part.valueTruncated) throw badRequest('FIELD_TOO_LONG', M.formularioCampoLongo);
        const name = part.fieldname.replace(/\[\]$/, '');
        const value = String(part.value ?? '');
        const prev = fields[name];
        if (prev === undefined) fields[name] = part.fieldname.endsWith('[]') ? [value] : value;
        else fields[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    }
  } catch (e) {
    throw formError(e);
  }
  assertNoControlChars(fields);
  return { fields, files };
}

/** Applies a zod schema to the text fields, reporting per-field messages in the one error shape. */
export function parseFields<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  fields: Record<string, unknown>,
): T {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.map(String).join('.') || '_'] ??= i.message;
  throw badRequest('VALIDATION', Object.values(out)[0] ?? M.validation, out);
}
