import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness';

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
      .filter(({ responses }) =>
        !Object.entries(responses).some(([code, r]) => /^2\d\d$/.test(code) && Object.values(r.content ?? {}).some((c) => c.schema !== undefined)))
      .map((o) => o.route);
    expect(missing, `routes without a 2xx response schema:\n${missing.join('\n')}`).toEqual([]);
  });
});
