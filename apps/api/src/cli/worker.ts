/**
 * The e-mail worker as a process of its own (docs/decisions/0010):
 *
 *   npm run worker            keeps sending until stopped (SIGINT/SIGTERM), every NOTIFICATIONS_POLL_MS
 *   npm run worker -- --once  one pass over what is due, then exits (cron, or to check a deployment)
 *
 * Same configuration as the server (DATABASE_URL, JWT_SECRET, SMTP_URL, PUBLIC_URL, MAIL_FROM). Run
 * the API with NOTIFICATIONS_WORKER=false when this runs apart; several workers may run at once
 * (each mail is claimed by one). With the embedded PGlite only one process can open the database:
 * there, use the server's own worker.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadEnv } from '../config/env';
import { resolveJwtSecret } from '../config/secrets';
import { openDatabase } from '../db/client';
import { buildApp } from '../app';
import { drainOutbox } from '../modules/notificacoes/outbox-worker';
import { JOB_ALERT_BATCH } from '../modules/notificacoes/notify';
import { onStopSignals } from '../lib/graceful-stop';
import { refreshRankings } from '../modules/selos/selos.service';

export async function runWorker(
  argv: string[],
  source: Record<string, string | undefined>,
): Promise<{ code: number; out: string; stop?: () => Promise<void>; stopTimeoutMs?: number }> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { once: { type: 'boolean' } }, strict: true }).values;
  } catch {
    return { code: 2, out: 'Utilização: npm run worker [-- --once]' };
  }
  let env;
  try {
    // The worker itself is this process's job, whatever the API's setting.
    env = loadEnv({ ...source, NOTIFICATIONS_WORKER: args.once ? 'false' : 'true', SEED_DEMO: 'false' });
  } catch (e) {
    if (e instanceof ConfigError) return { code: 1, out: e.message };
    throw e;
  }
  const dataDir = resolve(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    poolMax: Math.min(env.DATABASE_POOL_MAX, 4),
    // Its work is writes in batches: the pool alone.
    sharedReads: 0,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: env.DATABASE_URL ? undefined : resolve(dataDir, 'db'),
  });
  // The app without a listening socket: the same context (mailer, clock, signing key) as the API's.
  const app = await buildApp({ env, database, jwtSecret: resolveJwtSecret(env, dataDir) });
  await app.ready();
  const stop = async () => {
    await app.close();
    await database.close();
  };
  if (args.once) {
    try {
      const r = await drainOutbox({ ...app.ctx, log: app.log });
      // The rankings reviews' approvals queued, as the running worker moves them every few seconds.
      await refreshRankings(app.ctx.db);
      const alerts = r.alertBatches ? ` Lotes de alertas de novos projetos escritos (até ${JOB_ALERT_BATCH} profissionais cada): ${r.alertBatches}.` : '';
      return { code: r.failed ? 1 : 0, out: `E-mails enviados: ${r.sent}; falhados (a repetir mais tarde): ${r.failed}.${alerts}` };
    } finally {
      await stop();
    }
  }
  return {
    code: 0,
    out: `Envio de e-mails a funcionar (a cada ${env.NOTIFICATIONS_POLL_MS} ms). Ctrl+C para parar.`,
    stop,
    stopTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
}

// Run only as a command, not when imported by a test.
if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  runWorker(process.argv.slice(2), process.env).then(
    ({ code, out, stop, stopTimeoutMs }) => {
      (code ? console.error : console.log)(out);
      if (!stop) process.exit(code);
      // The pass under way ends (a stuck SMTP server cannot hold it past SHUTDOWN_TIMEOUT_MS).
      onStopSignals({ timeoutMs: stopTimeoutMs ?? 10_000, close: stop });
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
