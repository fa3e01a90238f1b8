import type { FastifyInstance } from 'fastify';
import { sweepSelos } from './selos.service';

/** How often an instance looks for badges computed more than SELOS_STALE_MS ago. */
export const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The badges' periodic sweep (docs/decisions/0015): shortly after start-up, then every hour, each
 * instance recomputes the professionals whose badges are older than a day's worth (the 12-month and
 * 30-day windows move with time), refreshing nota_bayes with the current prior. A background job like
 * the e-mail worker: on with NOTIFICATIONS_WORKER (so `npm run worker` does it too). Several instances
 * share the work row by row (sweepSelos claims with SKIP LOCKED; a fresh row is skipped).
 */
export function registerSelosSweep(app: FastifyInstance) {
  const { env } = app.ctx;
  if (!env.NOTIFICATIONS_WORKER) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running = sweepSelos(app.ctx.db, app.ctx.clock.now(), { shouldStop: () => stopped })
      .then((n) => {
        if (n) app.log.info({ n }, 'selos: recalculados');
      })
      .catch((e) => app.log.error({ err: e }, 'selos: falha no recálculo periódico'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, SWEEP_EVERY_MS).unref();
      });
  };
  app.addHook('onReady', async () => {
    // A little after start-up, not in the way of the first requests.
    timer = setTimeout(tick, 10_000).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
