import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the fields of a multipart form (files as `z.file()`). The handler reads
     * and validates the form itself (uploads/multipart.ts), so this is never compiled as a validator.
     */
    multipartForm?: z.ZodType;
  }
}

/**
 * The zod → OpenAPI transform, plus multipart forms: a route's `multipartForm` becomes its documented
 * request body (under its `consumes` content type), so the document shows every input a route takes.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  const { multipartForm, ...schema } = (input.schema ?? {}) as FastifySchema;
  return jsonSchemaTransform({ ...input, schema: multipartForm ? { ...schema, body: multipartForm } : schema });
};
