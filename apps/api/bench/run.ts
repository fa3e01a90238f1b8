/**
 * Load benchmark (`npm run bench`): starts the real app on loopback with a fresh seeded PGlite (or
 * DATABASE_URL), then drives the hot read paths with autocannon, a few seconds each. Prints
 * requests/s, latency percentiles and memory. Traffic goes only to 127.0.0.1 and stops by itself.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { syncCatalogue } from '../src/db/catalogue-sync';
import { seedDemo } from '../src/db/seed/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dataDir = mkdtempSync(join(tmpdir(), 'tc-bench-'));
const env = loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'bench-'.repeat(8), DATA_DIR: dataDir, RATE_LIMIT: 'false', LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL ?? '' });
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : join(dataDir, 'db') });
await syncCatalogue(database.db);
await seedDemo(database.db, { dataDir });
const app = await buildApp({ env, database, jwtSecret: env.JWT_SECRET!, webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)) });
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const token = async (email: string, tipo: string) =>
  ((await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, senha: 'Demo#2026', tipo }) })).json()) as { access_token: string }).access_token;
const cliente = await token('ana.sousa@exemplo.pt', 'cliente');
const prof = await token('joao.ferreira@exemplo.pt', 'profissional');

const scenarios: { name: string; path: string; auth?: string }[] = [
  { name: 'SPA page (/)', path: '/' },
  { name: 'health (DB round trip)', path: '/api/health' },
  { name: 'home: top-rated professionals', path: '/api/profissional/top-avaliados' },
  { name: 'home: recent reviews', path: '/api/review/recent' },
  { name: 'client: search professionals (accent-insensitive)', path: '/api/profissional/see-all?q=eletrica', auth: cliente },
  { name: 'professional: available jobs', path: '/api/requests/disponiveis', auth: prof },
];

console.log(`\nBenchmark: ${SECONDS}s per scenario, ${CONNECTIONS} connections, database ${database.kind}\n`);
const rows: string[] = [];
for (const s of scenarios) {
  const r = await autocannon({ url: `${base}${s.path}`, connections: CONNECTIONS, duration: SECONDS, headers: s.auth ? { authorization: `Bearer ${s.auth}` } : {} });
  const errors = r.errors + r.non2xx;
  rows.push(`${s.name.padEnd(52)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors}`);
  console.log(rows.at(-1));
}
const mem = process.memoryUsage();
console.log(`\nMemory after the run: RSS ${(mem.rss / 1048576).toFixed(0)} MiB, heap used ${(mem.heapUsed / 1048576).toFixed(0)} MiB\n`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
