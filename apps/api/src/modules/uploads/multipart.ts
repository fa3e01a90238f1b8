import { assertNoControlChars } from '../../plugins/control-chars';
import type { FastifyRequest } from 'fastify';
import { M } from '@tc/shared';
import { badRequest } from '../../lib/app-error';
import type { ImageInput } from './images';

export interface ParsedForm {
  fields: Record<string, string | string[]>;
  files: ImageInput[];
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
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      if (data.length > 0) files.push({ field: part.fieldname, data, truncated: part.file.truncated });
    } else {
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = String(part.value ?? '');
      const prev = fields[name];
      if (prev === undefined) fields[name] = part.fieldname.endsWith('[]') ? [value] : value;
      else fields[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  assertNoControlChars(fields);
  return { fields, files };
}

/** Applies a zod schema to the text fields, reporting per-field messages in the one error shape. */
export function parseFields<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, fields: Record<string, unknown>): T {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.map(String).join('.') || '_'] ??= i.message;
  throw badRequest('VALIDATION', Object.values(out)[0] ?? M.validation, out);
}
