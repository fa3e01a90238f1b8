import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as shared from '@tc/shared';
import { createTestApp } from './test/harness';

/**
 * Every route with the schema objects it was declared with, hidden ones included (the Stripe webhook
 * without Stripe keys, /dev/emails), which the document leaves out: @fastify/swagger hands each route
 * registered after it to the app's transform when the document is built.
 */
const declared = vi.hoisted(() => [] as { route: string; response: Record<string, unknown> }[]);
vi.mock('./plugins/openapi', async (importOriginal) => {
  const mod = await importOriginal<typeof import('./plugins/openapi')>();
  const openapiTransform: typeof mod.openapiTransform = (input) => {
    const methods = ([] as string[]).concat(input.route.method);
    for (const method of methods) declared.push({ route: `${method} ${input.url}`, response: (input.schema?.response ?? {}) as Record<string, unknown> });
    return mod.openapiTransform(input);
  };
  return { ...mod, openapiTransform };
});

/**
 * The contract (issue #13): every route under /api declares what it answers, as a schema from
 * packages/shared, so the OpenAPI document, the serializer and the web's types all say the same.
 * Read from the app's own OpenAPI document: a route added without a 2xx response schema fails here.
 */
const t = await createTestApp();
afterAll(() => t.close());

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, { responses?: Responses }>> } }).swagger();
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, responses: op.responses ?? {} })),
);

describe('every API route declares its answer', () => {
  it('the document lists the routes (a broken document would pass the next check empty)', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it('each route has a 2xx response with a schema', () => {
    const missing = operations
      .filter(
        ({ responses }) =>
          !Object.entries(responses).some(([code, r]) => /^2\d\d$/.test(code) && Object.values(r.content ?? {}).some((c) => c.schema !== undefined)),
      )
      .map((o) => o.route);
    expect(missing, `routes without a 2xx response schema:\n${missing.join('\n')}`).toEqual([]);
  });
});

/** The schemas packages/shared exports, and the lists and pages made of them (`z.array(x)`, `paged(x)`). */
const sharedSchemas = new Set<unknown>(Object.values(shared).filter((v) => v instanceof z.ZodType));
const json = (s: z.ZodType) => JSON.stringify(z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }));
function fromShared(schema: unknown): boolean {
  if (sharedSchemas.has(schema)) return true;
  if (schema instanceof z.ZodArray) return sharedSchemas.has(schema.element);
  const item = schema instanceof z.ZodObject && schema.shape.items instanceof z.ZodArray ? (schema.shape.items.element as z.ZodType) : undefined;
  if (item && sharedSchemas.has(item)) return json(schema as z.ZodType) === json(shared.paged(item));
  return false;
}
/** A status's schema, or each content type's (`{ content: { 'image/webp': { schema } } }`). */
const schemasOf = (r: unknown): unknown[] =>
  r && typeof r === 'object' && 'content' in r ? Object.values((r as { content: Record<string, { schema: unknown }> }).content).map((c) => c.schema) : [r];

// The documentation UI's own routes (@fastify/swagger-ui) are not ours to describe.
const routes = declared.filter((d) => !d.route.split(' ')[1]!.startsWith('/api/docs'));

describe('every route, hidden ones included, answers with a schema from packages/shared', () => {
  it('sees every route, hidden ones too', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.map((r) => r.route)).toEqual(expect.arrayContaining(['POST /api/stripe/webhook', 'GET /dev/emails']));
  });

  it('each route has a 2xx response schema', () => {
    const missing = routes
      .filter((r) => !Object.entries(r.response).some(([code, s]) => /^2\d\d$/.test(code) && schemasOf(s).every((x) => x !== undefined)))
      .map((r) => r.route);
    expect(missing, `routes without a 2xx response schema:\n${missing.join('\n')}`).toEqual([]);
  });

  it('each response schema (2xx and errors) is exported by packages/shared, or a list or page of one', () => {
    const local = routes.flatMap((r) =>
      Object.entries(r.response)
        .filter(([, s]) => !schemasOf(s).every(fromShared))
        .map(([code]) => `${r.route} ${code}`),
    );
    expect(local, `response schemas written in the route instead of packages/shared:\n${local.join('\n')}`).toEqual([]);
  });

  it('the HTML page of /dev/emails goes out as written (its schema documents it; no serializer in the way)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/emails' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toMatch(/^<!doctype html>.*Caixa de saída local/s);
  });
});
