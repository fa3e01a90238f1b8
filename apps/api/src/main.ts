import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, isDemo, loadEnv, seedDemoEnabled } from './config/env';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { resolveJwtSecret } from './config/secrets';
import { seedDemo } from './db/seed/seed';
import { syncCatalogue } from './db/catalogue-sync';
import { PRODUCT_NAME } from '@tc/shared';
import { storageFromEnv } from './lib/storage-from-env';
import { onStopSignals } from './lib/graceful-stop';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const dataDir = resolve(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    sharedReads: env.DATABASE_SHARED_READS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: env.DATABASE_URL ? undefined : resolve(dataDir, 'db'),
  });
  await syncCatalogue(database.db);
  const jwtSecret = resolveJwtSecret(env, dataDir);
  const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const redis = env.REDIS_URL ? new (await import('ioredis')).Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;

  const storage = await storageFromEnv(env);
  const app = await buildApp({ env, database, jwtSecret, webDist, redis, storage });
  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  let logins: string[] = [];
  if (seedDemoEnabled(env)) logins = await seedDemo(database.db, { storage, baseUrl: url });

  // Graceful stop (SIGTERM from the orchestrator, Ctrl+C): /api/ready turns 503, the listening socket
  // closes (the balancer sends new work elsewhere), keep-alive connections are closed as they go idle,
  // requests in flight finish, the e-mail worker ends its pass, then the pool closes. A stuck request,
  // or a stalled reader of the log, cannot hold the instance past SHUTDOWN_TIMEOUT_MS (lib/graceful-stop.ts).
  onStopSignals({
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await app.close();
      await database.close();
      redis?.disconnect();
    },
  });

  await app.listen({ host: env.HOST ?? (env.DEMO_MODE ? '127.0.0.1' : '0.0.0.0'), port: env.PORT });
  console.log(`\n${PRODUCT_NAME} a funcionar em ${url}  (base de dados: ${database.kind === 'pglite' ? `PGlite em ${dataDir}/db` : 'PostgreSQL'})`);
  console.log(`Documentação da API: ${url}/api/docs`);
  if (!env.SMTP_URL && isDemo(env)) console.log(`E-mails (sem SMTP_URL, caixa local de demonstração): ${url}/dev/emails`);
  if (!env.SMTP_URL && !isDemo(env)) console.warn('Aviso: sem SMTP_URL os e-mails (códigos de recuperação) não são entregues.');
  if (!env.STRIPE_SECRET_KEY && !isDemo(env)) console.warn('Aviso: sem STRIPE_SECRET_KEY e STRIPE_WEBHOOK_SECRET não é possível comprar créditos.');
  if (env.DEMO_MODE) console.log('Modo de demonstração (DEMO_MODE=true): não use assim em produção.');
  if (logins.length) console.log(`\nContas de demonstração:\n${logins.map((l) => `  ${l}`).join('\n')}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
