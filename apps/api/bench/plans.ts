/**
 * `npm run bench:plans`: runs the API in this process against DATABASE_URL (the generated data set),
 * calls each list and search once as a real user would, and prints EXPLAIN (ANALYZE, BUFFERS) of the
 * main statement each one sent: execution time, the nodes, the indexes used; for a list without text
 * (kept prepared, run with one generic plan after five runs) the generic plan too, which does not know
 * the hidden filters and OFFSET and is what actually runs; then which kept (named) statements
 * PostgreSQL still plans on every request. `PLANS_ONLY=regex` picks some; `PLANS_FULL=1`
 * prints whole plans. Read-only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench:plans needs DATABASE_URL (a database filled by npm run bench:data).');
  process.exit(1);
}
const captured: { query: string; params: unknown[] }[] = [];
const database = await openDatabase({ url, logQuery: (query, params) => captured.push({ query, params }) });
const dataDir = mkdtempSync(join(tmpdir(), 'tc-plans-'));
const secret = randomBytes(32).toString('hex');
// No e-mail worker: it would send (and mark) the outbox's mails.
const env = loadEnv({
  NODE_ENV: 'production',
  JWT_SECRET: secret,
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  RATE_LIMIT: 'false',
  LOG_LEVEL: 'silent',
  NOTIFICATIONS_WORKER: 'false',
});
const app = await buildApp({ env, database, jwtSecret: secret });
await app.ready();
const client = new pg.Client({ connectionString: url });
await client.connect();

const one = async (q: string) => (await client.query(q)).rows[0];
const admin = await one(`select id, sessao_versao v from admins order by id limit 1`);
const heavy = await one(`select cliente_id id, count(*) n from requests group by 1 order by 2 desc limit 1`);
// The client who chose the most professionals: the longest "Avaliar" list.
const chooser = await one(
  `select cliente_id id from requests where status = 'CONCLUIDO' and escolhido_id is not null group by 1 order by count(distinct escolhido_id) desc limit 1`,
);
const typical = await one(`select id from clientes where id = (select cliente_id from requests where id = (select max(id) / 2 from requests))`);
const prof = await one(`select profissional_id id from subscriptions where creditos_restantes > 0 order by id limit 1`);
// The professional with the most applications: the longest applications list.
const busy = await one(`select profissional_id id from candidaturas group by 1 order by count(*) desc limit 1`);
const reqId = (await one(`select max(id) / 3 as id from requests`)).id;
const sign = (tipo: string, id: number) => app.jwt.sign({ sub: String(id), tipo, v: 0 } as never);
const h = (tipo: string, id: number) => ({ authorization: `Bearer ${sign(tipo, id)}` });

const cases: [string, string, Record<string, string>][] = [
  ['top-rated', '/api/profissional/top-avaliados', {}],
  ['recent reviews', '/api/review/recent', {}],
  ['pros: no text', '/api/profissional/see-all', h('cliente', typical.id)],
  ['pros: silva', '/api/profissional/see-all?q=silva', h('cliente', typical.id)],
  ['pros: lisboa', '/api/profissional/see-all?q=lisboa', h('cliente', typical.id)],
  ['pros: specialty', '/api/profissional/see-all?q=canaliza', h('cliente', typical.id)],
  ['pros: rare', '/api/profissional/see-all?q=zzqx', h('cliente', typical.id)],
  ['pros: rare place', '/api/profissional/see-all?q=barrancos', h('cliente', typical.id)],
  ['pros: page 20', '/api/profissional/see-all?page=20', h('cliente', typical.id)],
  ['jobs: no filter', '/api/requests/disponiveis', h('profissional', prof.id)],
  ['jobs: specialty', '/api/requests/disponiveis?especialidade=camaras-cctv', h('profissional', prof.id)],
  ['jobs: district', '/api/requests/disponiveis?bairro=Lisboa', h('profissional', prof.id)],
  ['jobs: small district', '/api/requests/disponiveis?bairro=Portalegre', h('profissional', prof.id)],
  ['jobs: urgency', '/api/requests/disponiveis?tempo=PIQUETE', h('profissional', prof.id)],
  ['jobs: all filters', '/api/requests/disponiveis?especialidade=camaras-cctv&bairro=Porto&tempo=URGENTE', h('profissional', prof.id)],
  ['jobs: district + urgency', '/api/requests/disponiveis?bairro=Lisboa&tempo=NORMAL', h('profissional', prof.id)],
  ['jobs: urgency, page 3', '/api/requests/disponiveis?tempo=URGENTE&page=3', h('profissional', prof.id)],
  ['jobs: two words', '/api/requests/disponiveis?q=fuga%20porto', h('profissional', prof.id)],
  ['jobs: text', '/api/requests/disponiveis?q=quadro', h('profissional', prof.id)],
  ['jobs: rare text', '/api/requests/disponiveis?q=zzqx', h('profissional', prof.id)],
  ['jobs: rare place', '/api/requests/disponiveis?q=barrancos', h('profissional', prof.id)],
  ['jobs: all filters + text', '/api/requests/disponiveis?especialidade=camaras-cctv&bairro=Porto&tempo=URGENTE&q=quadro', h('profissional', prof.id)],
  ['jobs: deep page', '/api/requests/disponiveis?page=40', h('profissional', prof.id)],
  ['jobs: specialty, page 40', '/api/requests/disponiveis?especialidade=camaras-cctv&page=40', h('profissional', prof.id)],
  ['jobs: district, page 40', '/api/requests/disponiveis?bairro=Lisboa&page=40', h('profissional', prof.id)],
  ['jobs: urgency, page 40', '/api/requests/disponiveis?tempo=NORMAL&page=40', h('profissional', prof.id)],
  ['jobs: 50 a page', '/api/requests/disponiveis?pageSize=50', h('profissional', prof.id)],
  ['project detail', `/api/requests/${reqId}`, h('admin', admin.id)],
  ['pro: applications', `/api/creditos/profissional/${busy.id}`, h('profissional', busy.id)],
  ['pro: notifications', '/api/notificacoes?pageSize=10', h('profissional', busy.id)],
  ['client: typical', `/api/requests/cliente/${typical.id}`, h('cliente', typical.id)],
  ['client: heavy', `/api/requests/cliente/${heavy.id}`, h('cliente', heavy.id)],
  ['client: heavy, page 5', `/api/requests/cliente/${heavy.id}?page=5`, h('cliente', heavy.id)],
  ['client: to review (heavy)', '/api/cliente/profissionais-avaliaveis', h('cliente', chooser.id)],
  ['admin projects', '/api/requests/all', h('admin', admin.id)],
  ['admin projects ABERTO', '/api/requests/all?status=ABERTO', h('admin', admin.id)],
  ['admin projects CONCLUIDO, page 3', '/api/requests/all?status=CONCLUIDO&page=3', h('admin', admin.id)],
  ['admin projects q', '/api/requests/all?q=silva', h('admin', admin.id)],
  ['admin projects rare', '/api/requests/all?q=zzqx', h('admin', admin.id)],
  ['admin reviews', '/api/review/all', h('admin', admin.id)],
  ['admin reviews NEGADO', '/api/review/all?status=NEGADO', h('admin', admin.id)],
  ['admin reviews q', '/api/review/all?q=excelente', h('admin', admin.id)],
  ['admin clients', '/api/cliente/see-all', h('admin', admin.id)],
  ['admin clients q', '/api/cliente/see-all?q=sousa', h('admin', admin.id)],
  ['admin pros', '/api/admin/profissionais', h('admin', admin.id)],
  ['admin pros PENDENTE', '/api/admin/profissionais?verificacao=PENDENTE', h('admin', admin.id)],
  ['admin pros q', '/api/admin/profissionais?q=ferreira', h('admin', admin.id)],
  ['admin payments', '/api/admin/pagamentos', h('admin', admin.id)],
  ['admin audit', '/api/admin/audit', h('admin', admin.id)],
  ['admin stats', '/api/admin/stats', h('admin', admin.id)],
  ['admin projects, page 300', '/api/requests/all?page=300', h('admin', admin.id)],
  ['admin reviews, page 300', '/api/review/all?page=300', h('admin', admin.id)],
  ['admin clients, page 300', '/api/cliente/see-all?page=300', h('admin', admin.id)],
  ['admin pros, page 300', '/api/admin/profissionais?page=300', h('admin', admin.id)],
  ['admin payments, page 300', '/api/admin/pagamentos?page=300', h('admin', admin.id)],
  ['admin audit, page 300', '/api/admin/audit?page=300', h('admin', admin.id)],
  ['admin guarantee claims', '/api/admin/garantias', h('admin', admin.id)],
  ['admin guarantee claims, page 100', '/api/admin/garantias?page=100', h('admin', admin.id)],
  ['pros: page 300', '/api/profissional/see-all?page=300', h('cliente', typical.id)],
  // Later pages of a text search: the block of ten pages (db/paging.ts laterPageBlock) read at once.
  ['pros: q=silva, page 92 (block 92-101)', '/api/profissional/see-all?q=silva&page=92', h('cliente', typical.id)],
  ['jobs: q=lisboa, page 92 (block 92-101)', '/api/requests/disponiveis?q=lisboa&page=92', h('profissional', prof.id)],
];
const only = process.env.PLANS_ONLY ? new RegExp(process.env.PLANS_ONLY, 'i') : undefined;

type Node = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Total Time'?: number; Plans?: Node[] };
const describeNode = (n: Node, depth: number, out: string[]) => {
  out.push(`${'  '.repeat(depth)}${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : n['Relation Name'] ? ` on ${n['Relation Name']}` : ''} (rows ${n['Actual Rows']}, ${n['Actual Total Time']?.toFixed(2)} ms)`);
  for (const c of n.Plans ?? []) describeNode(c, depth + 1, out);
};

// Which kept statements PostgreSQL plans afresh on every run anyway: each list asked for eight times
// through an app on a single connection (its prepared statements are that connection's), then
// pg_prepared_statements read on it. A named statement with five fresh plans and no run of its kept
// plan is planned on every request (a LIMIT or a common filter value as a bare parameter did that:
// docs/decisions/0006). Text searches are sent unnamed (planned for their word) and are not listed.
const single = await openDatabase({ url, poolMax: 1, sharedReads: 0 });
const second = await buildApp({ env, database: single, jwtSecret: secret });
await second.ready();
for (const [name, path, headers] of cases) {
  if (only && !only.test(name)) continue;
  for (let i = 0; i < 8; i++) await second.inject({ method: 'GET', url: path, headers });
}
const { rows: namedRows } = await single.db.execute<{ name: string; custom_plans: string; generic_plans: string; statement: string }>(
  sql`select name, custom_plans, generic_plans, statement from pg_prepared_statements order by name`,
);
const replanned = namedRows.filter((r) => Number(r.generic_plans) === 0 && Number(r.custom_plans) >= 5);
/** The texts of the named statements: the ones run with a kept plan. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
const named = new Set(namedRows.map((r) => norm(r.statement)));

/** EXPLAIN ANALYZE of a statement as run with its generic plan (a kept statement's, after five runs). */
async function genericPlan(text: string, params: unknown[]) {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE kept AS ${text}`);
    // EXECUTE's arguments are literals (a utility statement takes no bound parameters).
    const args = params.map((v) => client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v))).join(', ');
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE kept${args ? `(${args})` : ''}`);
    return rows[0]['QUERY PLAN'][0];
  } finally {
    await client.query('ROLLBACK');
    await client.query('DEALLOCATE ALL');
  }
}

const slowKept: string[] = [];
for (const [name, path, headers] of cases) {
  if (only && !only.test(name)) continue;
  captured.length = 0;
  const res = await app.inject({ method: 'GET', url: path, headers });
  const statements = captured.filter((c) => !/sessao_versao/.test(c.query));
  console.log(`\n## ${name}  GET ${path}  → ${res.statusCode}, ${statements.length} statement(s)`);
  for (const s of statements) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.query}`, s.params);
    const plan = rows[0]['QUERY PLAN'][0];
    const lines: string[] = [];
    describeNode(plan.Plan, 1, lines);
    console.log(`  ${plan['Execution Time'].toFixed(2)} ms  ${s.query.slice(0, 110).replace(/\s+/g, ' ')}…`);
    console.log(process.env.PLANS_FULL ? lines.join('\n') : lines.slice(0, 8).join('\n'));
    // Only named statements keep a plan (text searches are sent unnamed, planned for their words).
    if (!named.has(norm(s.query))) continue;
    const kept = await genericPlan(s.query, s.params);
    const keptLines: string[] = [];
    describeNode(kept.Plan, 1, keptLines);
    console.log(`  kept plan: ${kept['Execution Time'].toFixed(2)} ms`);
    console.log(process.env.PLANS_FULL ? keptLines.join('\n') : keptLines.slice(0, 8).join('\n'));
    if (kept['Execution Time'] > 3 * plan['Execution Time'] + 0.5) slowKept.push(`${name}: kept plan ${kept['Execution Time'].toFixed(2)} ms, fresh ${plan['Execution Time'].toFixed(2)} ms`);
  }
}
console.log('\n## Kept plans slower than fresh ones');
if (!slowKept.length) console.log('  None: each kept plan runs within three times a fresh plan (+0.5 ms).');
for (const line of slowKept) console.log(`  ${line}`);
console.log('\n## Kept plans');
if (!replanned.length) console.log('  Every named statement asked for eight times kept its plan.');
for (const r of replanned) console.log(`  planned on every run (${r.custom_plans} times): ${r.name}  ${r.statement.replace(/\s+/g, ' ').slice(0, 100)}…`);

await second.close();
await single.close();
await client.end();
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
