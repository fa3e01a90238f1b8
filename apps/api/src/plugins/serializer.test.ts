import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nullableWithoutAnyOf, serializerCompiler } from './serializer';

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

  const job = z.object({
    id: z.number().int(),
    creditos: z.number().int().nullable(),
    tempo: z.enum(['NORMAL', 'URGENTE']).nullable(),
    nota: z.number().nullable(),
    cliente: z.object({ nome: z.string(), email: z.string().nullable() }).nullable(),
    tags: z.array(z.string()).nullable(),
    quando: z.string().nullable(),
  });

  it('writes nullable numbers, enums, objects and lists as null or as declared', async () => {
    const filled = {
      id: 1,
      creditos: 5,
      tempo: 'URGENTE',
      nota: 4.5,
      cliente: { nome: 'Ana', email: null, senha: 'x' },
      tags: ['a'],
      quando: '2026-01-02',
      extra: 1,
    };
    const empty = { id: 2, creditos: null, tempo: null, nota: null, cliente: null, tags: null, quando: null };
    const app = await appWith(() => ({ items: [filled, empty] }), z.object({ items: z.array(job) }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [{ ...filled, cliente: { nome: 'Ana', email: null }, extra: undefined }, empty] });
    expect(res.body).not.toMatch(/senha|extra/);
  });

  it('says "nullable" instead of an anyOf with null, which fast-json-stringify checks value by value', () => {
    const json = z.toJSONSchema(z.object({ items: z.array(job) }), { io: 'output', target: 'draft-7' });
    expect(JSON.stringify(json)).toContain('anyOf');
    const plain = JSON.stringify(nullableWithoutAnyOf(json));
    expect(plain).not.toContain('anyOf');
    expect(plain.match(/"nullable":true/g)).toHaveLength(4);
    // Another union stays as it is.
    const union = z.toJSONSchema(z.object({ v: z.union([z.string(), z.number()]) }), { io: 'output', target: 'draft-7' });
    expect(nullableWithoutAnyOf(union)).toEqual(union);
  });
});
