import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

async function appWith(handler: () => unknown, schema: z.ZodType) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => handler() as never);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  const card = z.object({ id: z.number().int(), nome: z.string(), foto: z.string().nullable(), tags: z.array(z.string()) });

  it('sends only the declared fields, nulls and arrays included', async () => {
    const app = await appWith(() => ({ id: 7, nome: 'Ana', foto: null, tags: ['a'], senhaHash: '$argon2id$segredo', email: 'x@y.pt' }), card);
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, nome: 'Ana', foto: null, tags: ['a'] });
    expect(res.body).not.toMatch(/senhaHash|argon2|x@y\.pt/);
  });

  it('fails the answer when a required field is missing', async () => {
    const app = await appWith(() => ({ id: 7, foto: null, tags: [] }), card);
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
  });

  it('falls back to zod for what JSON Schema cannot say (a date object), still dropping unknown fields', async () => {
    const app = await appWith(() => ({ quando: new Date('2026-01-02T03:04:05Z'), extra: 1 }), z.object({ quando: z.date() }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.json()).toEqual({ quando: '2026-01-02T03:04:05.000Z' });
  });
});
