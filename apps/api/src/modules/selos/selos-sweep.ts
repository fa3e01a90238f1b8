import type { FastifyInstance } from 'fastify';
import { refreshRankings, sweepSelos } from './selos.service';

/** How often an instance looks for badges computed more than SELOS_STALE_MS ago. */
export const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The badges' periodic sweep (docs/decisions/0015): shortly after start-up, then every hour, each
 * instance recomputes the professionals whose badges are older than a day's worth (the 12-month and
 * 30-day windows move with time), refreshing nota_bayes with the current prior. A background job like
 * the e-mail worker: on with NOTIFICATIONS_WORKER (so `npm run worker` does it too). Several instances
 * share the work row by row (sweepSelos claims with SKIP LOCKED; a fresh row is skipped). Every
 * RANKING_REFRESH_MS it also moves the rankings that reviews' approvals queued (refreshRankings).
 */
export function registerSelosSweep(app: FastifyInstance) {
  const { env } = app.ctx;
  if (!env.NOTIFICATIONS_WORKER) return;
  // A little after start-up, not in the way of the first requests.
  repeat(
    app,
    10_000,
    SWEEP_EVERY_MS,
    async (stopped) => {
      const n = await sweepSelos(app.ctx.db, app.ctx.clock.now(), { shouldStop: stopped });
      if (n) app.log.info({ n }, 'selos: recalculados');
    },
    'selos: falha no recálculo periódico',
  );
  repeat(app, RANKING_REFRESH_MS, RANKING_REFRESH_MS, () => moveRankings(app).then(() => undefined), 'ranking: falha ao atualizar a ordem dos profissionais');
}

/**
 * Moves the queued rankings (refreshRankings) and, when any moved, drops this instance's kept lists in
 * the old order (the home page's best rated, the directory's searches); other instances' follow within
 * their TTL. Returns how many professionals moved.
 */
export async function moveRankings(app: FastifyInstance): Promise<number> {
  const moved = await refreshRankings(app.ctx.db);
  if (moved) {
    app.ctx.cache.invalidate('home:top-avaliados');
    app.ctx.searches.invalidate('pros:');
  }
  return moved;
}

/** How often an instance moves the rankings queued by reviews' approvals (refreshRankings). */
export const RANKING_REFRESH_MS = 2_000;

/** Runs `work` `firstMs` after the app is ready, then `everyMs` after each run ends, until the app closes. */
function repeat(app: FastifyInstance, firstMs: number, everyMs: number, work: (stopped: () => boolean) => Promise<void>, failure: string) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running = work(() => stopped)
      .catch((e) => app.log.error({ err: e }, failure))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, firstMs).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
