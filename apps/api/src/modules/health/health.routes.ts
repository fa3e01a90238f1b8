import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['sistema'], summary: 'Estado do serviço e da base de dados', response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { ok: true };
    },
  );
};
