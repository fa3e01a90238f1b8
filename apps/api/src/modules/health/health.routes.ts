import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponse, readyResponse } from '@tc/shared';

/** How long one dependency may take to answer the readiness probe before it counts as down. */
export const READY_CHECK_TIMEOUT_MS = 2000;

async function probe(run: () => Promise<unknown>): Promise<'ok' | 'falha'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'falha';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For the load balancer and the orchestrator. `/health` says the process is alive and answers (it
 * touches nothing else, so a database outage does not get every instance restarted); `/ready` says
 * this instance can serve now: the database, Redis (when configured) and the file storage answer.
 * While the instance is shutting down it is not ready, so the balancer stops sending it new work.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/health',
    { schema: { tags: ['sistema'], summary: 'O processo está vivo (não consulta dependências)', response: { 200: healthResponse } } },
    async () => ({ ok: true }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Pronto a receber pedidos: base de dados, Redis e armazenamento de ficheiros acessíveis',
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      const { db, storage, redis } = app.ctx;
      const [baseDeDados, redisState, armazenamento] = await Promise.all([
        probe(() => db.execute(sql`select 1`)),
        redis ? probe(() => redis.ping()) : Promise.resolve('nao_configurado' as const),
        probe(() => storage.ping()),
      ]);
      const ok = !closing && baseDeDados === 'ok' && redisState !== 'falha' && armazenamento === 'ok';
      const body = { ok, baseDeDados, redis: redisState, armazenamento };
      if (ok) return body;
      const message = closing ? 'Esta instância está a terminar.' : 'Serviço indisponível: uma dependência não responde.';
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ ...body, message });
    },
  );
};
