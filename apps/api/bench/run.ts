/**
 * Load benchmark (`npm run bench`), against the generated data set in the PostgreSQL at DATABASE_URL
 * (`npm run bench:data` fills it; an empty database is filled first, BENCH_SCALE shrinking it).
 *
 * The API runs as a child process in production mode on 127.0.0.1; a bare `node:http` server and a
 * bare Fastify route (also child processes) answering a small JSON are measured with the same
 * settings before and after the API's scenarios; the mean of bare Fastify's two runs is the
 * reference each scenario is compared with. A third, bare Fastify reading one page of open jobs
 * through node-postgres, shows what one round trip to the database leaves of bare Fastify. autocannon runs here, BENCH_CONNECTIONS (50)
 * connections, a 2 s warm-up then BENCH_SECONDS (10) per scenario (BENCH_WRITE_SECONDS, 5, for the
 * scenarios that write; log-in at BENCH_LOGIN_CONNECTIONS, 4, since argon2 is CPU by design). Every
 * request says `accept-encoding: br, gzip`, as browsers do. Sessions are JWTs minted with the secret
 * the bench gives the API. Should the API process end during a scenario, it is started again and the
 * scenario repeated (reported, up to 3 times).
 *
 * Targets: reads >= 15 % of bare Fastify with p99 < 50 ms; text searches (q=) >= 10 % with
 * p99 < 80 ms; writes p99 < 100 ms; no errors; no query still running in PostgreSQL 1 s after the
 * load stops; API peak RSS < 300 MB. Prints a table and writes bench/results.json.
 *
 * BENCH_INSTANCES=2 (or up to 8): each scenario is measured through nginx (deploy/nginx.conf, via
 * cluster/stack.ts) in front of one API instance, then in front of two, same database and JWT secret,
 * the e-mail worker off; the baselines run as above. It prints req/s and p99 of both, the ratio and
 * how nginx's access log split the requests, and writes the key `multiInstance` of bench/results.json
 * (the other fields stay as the last default run wrote them). No PASS/FAIL: the targets are for the
 * API alone.
 *
 * BENCH_ONLY=regex runs the matching scenarios only (the baselines always run); DATABASE_POOL_MAX,
 * DATABASE_SHARED_READS, DATABASE_STATEMENT_TIMEOUT_MS, NOTIFICATIONS_WORKER and NOTIFICATIONS_PASS_MS are passed on to the API. Traffic goes only to 127.0.0.1, stops by
 * itself, and every child process is stopped at the end, also on error. The writes change the
 * database (new projects in ESPERA, applications that spend credits, choices, decided reviews), which is fine for a bench one;
 * the dead rows they leave are vacuumed at the start of the next run.
 */
import autocannon from 'autocannon';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SPECIALTY_VALUES, TIME_OPTIONS } from '@tc/shared';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../src/db/seed/demo-data';
import { AlreadyFilledError, generate, parseArgs } from './generate';
import { freePort, killAll, NGINX_BIN, ROOT, startApi, startNginx, startProcess, stopProcess, waitFor, type Proc } from '../cluster/stack';

const num = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!(v > 0)) throw new Error(`${name} must be a positive number`);
  return v;
};
const SECONDS = num('BENCH_SECONDS', 10);
const WRITE_SECONDS = num('BENCH_WRITE_SECONDS', 5);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const WARMUP = 2;
/** Log-in verifies an argon2id hash (19 MiB, 2 passes): CPU by design, measured at a log-in-like concurrency. */
const LOGIN_CONNECTIONS = num('BENCH_LOGIN_CONNECTIONS', 4);
/** Approvals measured (plus a tenth to warm up); their job alerts are then timed as the worker writes them. */
const JOB_ALERT_APPROVALS = num('BENCH_APPROVALS', 200);
/** Clients' choices and review decisions measured (plus a tenth to warm up): each uses up one of the generated subjects. */
const CHOICES = num('BENCH_CHOICES', 1000);
const REVIEW_DECISIONS = num('BENCH_REVIEW_DECISIONS', 400);
/** What a browser sends: the API compresses JSON of 1 KB or more, the web files are precompressed. */
const ACCEPT_ENCODING = 'br, gzip';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** The bench's own secret: it mints the session tokens the API will accept. */
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const RSS_TARGET_MB = 300;
/**
 * BENCH_INSTANCES=N (2 to 8): every scenario through nginx (deploy/nginx.conf) in front of one API
 * instance, then in front of N, instead of the API alone.
 */
const INSTANCES = num('BENCH_INSTANCES', 1);
if (!Number.isInteger(INSTANCES) || INSTANCES > 8) throw new Error('BENCH_INSTANCES must be a whole number from 1 to 8');
const MULTI = INSTANCES > 1;

type Kind = 'read' | 'text' | 'write' | 'mixed';
interface Scenario {
  name: string;
  kind: Kind;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  token?: string;
  headers?: Record<string, string>;
  /** Per request: another path, body or session (each request of a write must be unique and valid). */
  next?: () => { path?: string; body?: string; token?: string };
  /** Fewer connections than the default (log-in: argon2 is CPU by design). */
  connections?: number;
  /** A fixed number of requests instead of a duration (a tenth of it to warm up): writes that leave work behind. */
  amount?: number;
  /** Requests a second on each connection (autocannon's connectionRate): a person's pace, not a flood. */
  rate?: number;
  /**
   * Several scenarios at once, each on its own `connections` (kind 'mixed'): the traffic of a busy
   * hour, where reads wait behind writes. Each part is judged by its own kind's p99.
   */
  mix?: Scenario[];
}
interface Measure {
  rps: number; p50: number; p90: number; p99: number; max: number; requests: number; errors: number; timeouts: number; non2xx: number; seconds: number;
  /** A mixed scenario's parts, each measured on its own. */
  parts?: (Measure & { name: string; kind: Kind; connections: number })[];
}

// ---------------------------------------------------------------------------------------------
// Child processes (cluster/stack.ts: the same helpers as npm run test:cluster; it kills them on exit)

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });
}

const stop = (p: Proc) => stopProcess(p, 'SIGTERM', 5000);
const alive = (p: Proc) => p.proc.exitCode === null && p.proc.signalCode === null;

/** Resident set size of a process in MB: its peak so far (VmHWM) or now (VmRSS); undefined once it is gone. */
function rssMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | undefined {
  if (!pid) return undefined;
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
const peakRssMb = (pid: number | undefined) => rssMb(pid, 'VmHWM');

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

const BASELINE_BODY = `{ ok: true, nome: 'Técnico Certo', itens: [1, 2, 3] }`;
const NODE_HTTP = `
import http from 'node:http';
const body = JSON.stringify(${BASELINE_BODY});
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');`;
const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => (${BASELINE_BODY}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;
/**
 * Bare Fastify answering the 12 newest open jobs (one named statement through node-postgres, the
 * API's pool size, from the open-jobs index, JSON.stringify, no compression). Not a reference for
 * the shares: it shows how much of bare Fastify one round trip to PostgreSQL leaves.
 */
const BARE_FASTIFY_PG = `
import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
const text = "select id, titulo, cidade, bairro, especialidade, tempo, creditos, criado_em from requests where status = 'ABERTO' and creditos is not null and escolhido_id is null order by criado_em desc, id desc limit 13";
const app = Fastify({ logger: false });
app.get('/', async () => (await pool.query({ name: 'jobs', text })).rows);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

// ---------------------------------------------------------------------------------------------
// Load

async function load(base: string, s: Scenario, seconds: number, warmup = false): Promise<Measure> {
  if (s.mix) return combined(await Promise.all(s.mix.map(async (part) => ({
    ...(await load(base, part, seconds, warmup)), name: part.name, kind: part.kind, connections: part.connections ?? CONNECTIONS,
  }))));
  const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING, ...(s.headers ?? {}) };
  if (s.token) headers.authorization = `Bearer ${s.token}`;
  if (s.method && s.method !== 'GET') headers['content-type'] = 'application/json';
  const r = await autocannon({
    url: `${base}${s.path}`,
    method: s.method ?? 'GET',
    connections: s.connections ?? CONNECTIONS,
    duration: seconds,
    ...(s.amount ? { amount: warmup ? Math.max(s.connections ?? CONNECTIONS, Math.ceil(s.amount / 10)) : s.amount } : {}),
    ...(s.rate ? { connectionRate: s.rate } : {}),
    headers,
    timeout: 10,
    requests: s.next
      ? [{
          setupRequest: (req: Record<string, unknown>) => {
            const n = s.next!();
            const h = { ...(req.headers as Record<string, string>) };
            if (n.token) h.authorization = `Bearer ${n.token}`;
            return { ...req, path: n.path ?? req.path, body: n.body ?? req.body, headers: h };
          },
        }]
      : undefined,
  } as autocannon.Options);
  return {
    rps: r.requests.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, requests: r.requests.total,
    errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, seconds: r.duration,
  };
}

/**
 * A mixed scenario's measure from its parts': the requests, errors and req/s added up; p50 the
 * parts' weighted by their requests (an approximation); p90, p99 and max the worst part's.
 */
function combined(parts: NonNullable<Measure['parts']>): Measure {
  const sum = (k: 'rps' | 'requests' | 'errors' | 'timeouts' | 'non2xx') => parts.reduce((t, p) => t + p[k], 0);
  const worst = (k: 'p90' | 'p99' | 'max' | 'seconds') => Math.max(...parts.map((p) => p[k]));
  const requests = sum('requests');
  return {
    rps: sum('rps'), requests, errors: sum('errors'), timeouts: sum('timeouts'), non2xx: sum('non2xx'),
    p50: requests ? parts.reduce((t, p) => t + p.p50 * p.requests, 0) / requests : 0,
    p90: worst('p90'), p99: worst('p99'), max: worst('max'), seconds: worst('seconds'), parts,
  };
}

// ---------------------------------------------------------------------------------------------
// Sessions: HS256 tokens like the API's (sub, tipo, session version), signed with the bench's secret.

const b64url = (s: string) => Buffer.from(s).toString('base64url');
function mint(id: number, tipo: 'cliente' | 'profissional' | 'admin', v: number) {
  const iat = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ sub: String(id), tipo, v, iat, exp: iat + 6 * 3600 }));
  const sig = createHmac('sha256', JWT_SECRET).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

// ---------------------------------------------------------------------------------------------

async function ensureData(url: string) {
  const c = new pg.Client({ connectionString: url, application_name: 'tc-bench' });
  await c.connect();
  let projects = 0;
  try {
    const exists = (await c.query(`select to_regclass('public.requests') is not null as e`)).rows[0].e as boolean;
    if (exists) projects = Number((await c.query(`select count(*)::int n from (select 1 from requests limit 1000) x`)).rows[0].n);
  } finally {
    await c.end();
  }
  if (projects >= 1000) return;
  const scale = process.env.BENCH_SCALE ?? '1';
  const { sizes } = parseArgs(['--scale', scale]);
  console.log(`The database has ${projects} projects: generating the benchmark data first (BENCH_SCALE=${scale}; npm run bench:data does the same).`);
  try {
    const { seconds } = await generate({ url, sizes, dataDir: resolve(process.env.DATA_DIR ?? join(ROOT, 'data')) });
    console.log(`Data generated in ${seconds.toFixed(0)} s.\n`);
  } catch (e) {
    if (e instanceof AlreadyFilledError) {
      console.error(`${e.message}\n(npm run bench:data -- --force, on a database meant for the bench)`);
      process.exit(1);
    }
    throw e;
  }
}

interface Subjects {
  admin: string; cliente: { id: number; token: string; projectId: number }; heavy: { id: number; token: string; projects: number };
  prof: { id: number; token: string }; profileIds: number[];
  /** 20,000 professionals and 20,000 projects at random: more than the short caches hold, as many visitors would ask. */
  wideProfileIds: number[]; wideProjectIds: number[];
  /** 300 professionals picked at random, each with a session: scenarios where every request is someone else's. */
  many: { id: number; token: string }[];
  /** The districts where professionals work (job search's filter). */
  districts: string[]; loginEmails: string[]; publishers: { token: string; telefone: string }[];
  applyPairs: { requestId: number; token: string }[]; approvals: number[]; counts: Record<string, number>; pgVersion: string;
  choices: { requestId: number; profissionalId: number; token: string }[]; pendingReviews: number[];
  /** The client and the professional with the most guarantee claims, one of those claims, a purchase of `prof`. */
  claims?: { cliente: { id: number; token: string }; prof: { id: number; token: string }; claimId: number };
  purchaseId?: number;
}

async function subjects(url: string): Promise<Subjects> {
  const c = new pg.Client({ connectionString: url, application_name: 'tc-bench' });
  await c.connect();
  const rows = async <T>(text: string, params?: unknown[]) => (await c.query(text, params)).rows as T[];
  try {
    const [admin] = await rows<{ id: number; v: number }>(`select id, sessao_versao v from admins where email = $1`, [DEMO_ADMIN.email]);
    if (!admin) throw new Error(`the demo admin ${DEMO_ADMIN.email} is missing: fill the database with npm run bench:data`);
    // A typical client: a handful of projects; a heavy one: the most projects.
    const sample = await rows<{ id: number; v: number; n: number }>(`
      select c.id, c.sessao_versao v, (select count(*)::int from requests r where r.cliente_id = c.id) n
      from clientes c where c.id > (select max(id) / 3 from clientes) order by c.id limit 300`);
    const typical = sample.find((r) => r.n >= 4 && r.n <= 10) ?? sample.find((r) => r.n > 0);
    if (!typical) throw new Error('no client with projects');
    const [project] = await rows<{ id: number }>(`select id from requests where cliente_id = $1 order by criado_em desc limit 1`, [typical.id]);
    const [heavy] = await rows<{ id: number; v: number; n: number }>(`
      select c.id, c.sessao_versao v, x.n from (select cliente_id, count(*)::int n from requests group by 1 order by 2 desc limit 1) x
      join clientes c on c.id = x.cliente_id`);
    // A professional a third of the way through the sign-ups (some applications, a rating).
    const [{ n: nprof }] = await rows<{ n: number }>(`select count(*)::int n from profissionais`);
    const [prof] = await rows<{ id: number; v: number }>(`select id, sessao_versao v from profissionais where nota_media is not null order by id limit 1 offset $1`, [Math.floor(nprof / 3)]);
    const profileIds = (await rows<{ id: number }>(`select id from profissionais where nota_media is not null order by random() limit 300`)).map((r) => r.id);
    const wideProfileIds = (await rows<{ id: number }>(`select id from profissionais order by random() limit 20000`)).map((r) => r.id);
    const wideProjectIds = (await rows<{ id: number }>(`select id from requests tablesample system (4) order by random() limit 20000`)).map((r) => r.id);
    const many = (await rows<{ id: number; v: number }>(`select id, sessao_versao v from profissionais order by random() limit 300`))
      .map((r) => ({ id: r.id, token: mint(r.id, 'profissional', r.v) }));
    const districts = (await rows<{ b: string }>(`select distinct bairro b from profissionais order by 1`)).map((r) => r.b);
    const loginEmails = (await rows<{ email: string }>(`select email from profissionais order by random() limit 50`)).map((r) => r.email);
    const publishers = (await rows<{ id: number; v: number; telefone: string | null }>(`select id, sessao_versao v, telefone from clientes order by random() limit 500`))
      .map((r) => ({ token: mint(r.id, 'cliente', r.v), telefone: r.telefone ?? '+351912345678' }));

    // Applications: open, priced projects with places left and nobody chosen yet (a choice closes the
    // job to applications), one application each so they do not queue on one project's lock, by
    // professionals whose balance pays for them and who have not applied yet.
    const projects = await rows<{ id: number; creditos: number }>(`
      select r.id, r.creditos from requests r
      where r.status = 'ABERTO' and r.creditos is not null and r.escolhido_id is null
        and (select count(*) from candidaturas c where c.request_id = r.id) < 5
      order by r.criado_em desc, r.id desc limit 40000`);
    const profs = await rows<{ id: number; v: number; saldo: number }>(`
      select s.profissional_id id, p.sessao_versao v, s.creditos_restantes saldo
      from subscriptions s join profissionais p on p.id = s.profissional_id
      where s.creditos_restantes >= 40 order by random() limit 5000`);
    const applied = new Set(
      (await rows<{ r: number; p: number }>(`select request_id r, profissional_id p from candidaturas where request_id = any($1::int[])`, [projects.map((p) => p.id)]))
        .map((x) => `${x.r}:${x.p}`),
    );
    const budget = profs.map((p) => ({ ...p, token: mint(p.id, 'profissional', p.v) }));
    const applyPairs: Subjects['applyPairs'] = [];
    let k = 0;
    for (const pr of projects) {
      for (let tries = 0; tries < budget.length; tries++) {
        const p = budget[k++ % budget.length];
        if (p.saldo >= pr.creditos && !applied.has(`${pr.id}:${p.id}`)) {
          p.saldo -= pr.creditos;
          applyPairs.push({ requestId: pr.id, token: p.token });
          break;
        }
      }
    }

    // Approvals: projects waiting for moderation whose client confirmed the e-mail (others are refused),
    // newest first, as the back office's queue lists them (each tells every professional of its district
    // and specialty, through the worker).
    const approvals = (await rows<{ id: number }>(`
      select r.id from requests r join clientes c on c.id = r.cliente_id
      where r.status = 'ESPERA' and c.email_confirmado_em is not null order by r.criado_em desc, r.id desc limit 20000`)).map((r) => r.id);

    // Choices: open projects with an applicant and nobody chosen yet, apart from those the applications
    // use, one per client (no two requests wait on one project's lock); the first applicant is chosen.
    const choices = (await rows<{ id: number; v: number; cliente_id: number; p: number }>(`
      select distinct on (r.cliente_id) r.id, r.cliente_id, cl.sessao_versao v, ca.profissional_id p
      from requests r join clientes cl on cl.id = r.cliente_id
        join lateral (
          select c.profissional_id from candidaturas c where c.request_id = r.id and c.profissional_id is not null order by c.criado_em, c.id limit 1
        ) ca on true
      where r.status = 'ABERTO' and r.escolhido_id is null and r.id <> all($1::int[])
      order by r.cliente_id, r.criado_em, r.id limit 20000`, [projects.map((p) => p.id)]))
      .map((r) => ({ requestId: r.id, profissionalId: r.p, token: mint(r.cliente_id, 'cliente', r.v) }));
    // Reviews waiting for moderation, oldest first (the back office's queue).
    const pendingReviews = (await rows<{ id: number }>(`select id from reviews where status = 'ESPERA' order by criado_em, id limit 20000`)).map((r) => r.id);

    // Guarantee claims: the client and the professional with the most, and one of that client's claims.
    const [claimClient] = await rows<{ id: number; v: number; claim: number }>(`
      select c.id, c.sessao_versao v, x.claim from (select cliente_id, count(*) n, max(id) claim from garantias where cliente_id is not null group by 1 order by 2 desc limit 1) x
      join clientes c on c.id = x.cliente_id`);
    const [claimPro] = await rows<{ id: number; v: number }>(`
      select p.id, p.sessao_versao v from (select profissional_id, count(*) n from garantias where profissional_id is not null group by 1 order by 2 desc limit 1) x
      join profissionais p on p.id = x.profissional_id`);
    const claims = claimClient && claimPro
      ? { cliente: { id: claimClient.id, token: mint(claimClient.id, 'cliente', claimClient.v) }, prof: { id: claimPro.id, token: mint(claimPro.id, 'profissional', claimPro.v) }, claimId: claimClient.claim }
      : undefined;
    const [purchase] = await rows<{ id: number }>(`select id from payments where profissional_id = $1 order by id desc limit 1`, [prof.id]);

    const counts: Record<string, number> = {};
    for (const t of ['clientes', 'profissionais', 'requests', 'candidaturas', 'reviews', 'payments', 'credit_ledger', 'audit_log']) {
      counts[t] = Number((await c.query(`select count(*)::int n from ${t}`)).rows[0].n);
    }
    const pgVersion = (await c.query('show server_version')).rows[0].server_version as string;
    return {
      admin: mint(admin.id, 'admin', admin.v),
      cliente: { id: typical.id, token: mint(typical.id, 'cliente', typical.v), projectId: project.id },
      heavy: { id: heavy.id, token: mint(heavy.id, 'cliente', heavy.v), projects: heavy.n },
      prof: { id: prof.id, token: mint(prof.id, 'profissional', prof.v) },
      profileIds, wideProfileIds, wideProjectIds, many, districts, loginEmails, publishers, applyPairs, approvals, counts, pgVersion, choices, pendingReviews,
      claims, purchaseId: purchase?.id,
    };
  } finally {
    await c.end();
  }
}

/**
 * Mails that earlier runs' writes queued and that are still waiting (each published project tells
 * every admin in the hourly digest; each application, its client) are settled as sent first: the
 * API's worker would otherwise be sending tens of thousands of them during this run's reads whenever
 * their hour fell due (after a day of runs: 400,000 admin digest lines), so a run would measure the
 * runs before it. A bench database's mails go nowhere; this run's own are sent as usual.
 */
async function settleLeftoverMail(url: string) {
  const c = new pg.Client({ connectionString: url, application_name: 'tc-bench' });
  await c.connect();
  try {
    const { rowCount } = await c.query(
      `update email_outbox set estado = 'ENVIADO', enviado_em = now(), erro = 'benchmark: left by an earlier run' where estado in ('PENDENTE', 'A_ENVIAR')`,
    );
    if (rowCount) console.log(`${rowCount} e-mails queued by earlier runs' writes settled as sent (a bench database's mail goes nowhere).`);
    // Job alerts an earlier run left unwritten (stopped before its worker was done): dropped.
    const left = await c.query(`delete from job_alert_queue`);
    if (left.rowCount) console.log(`${left.rowCount} projects' job alerts left by an earlier run dropped.`);
  } finally {
    await c.end();
  }
}

/**
 * Waits (up to 10 min) for the API's worker to write the job alerts of the projects approved in this
 * run, polling the queue; counts the bell rows written meanwhile. Without a worker, only counts.
 */
async function drainJobAlerts(url: string, noWorker: boolean) {
  const c = new pg.Client({ connectionString: url, application_name: 'tc-bench' });
  await c.connect();
  try {
    const queued = async () => Number((await c.query(`select count(*)::int n from job_alert_queue`)).rows[0].n);
    const bells = async () => Number((await c.query(`select coalesce(max(id), 0)::int n from notificacoes`)).rows[0].n);
    const projects = await queued();
    if (noWorker) return { projects, bellRows: 0, seconds: null };
    const t0 = Date.now();
    const b0 = await bells();
    while ((await queued()) > 0 && Date.now() - t0 < 600_000) await sleep(250);
    return { projects, bellRows: (await bells()) - b0, seconds: (await queued()) > 0 ? null : (Date.now() - t0) / 1000 };
  } finally {
    await c.end();
  }
}

/**
 * Dead rows that earlier runs' writes left (new projects, applications, the outbox's mails) are
 * vacuumed first, so that every run starts alike: with autovacuum off (as on some servers) they pile
 * up run after run and slow the writes down, and with it on, a vacuum may wake up in the middle of a
 * run. Only tables with more than 1,000 dead or changed rows.
 */
async function vacuumLeftovers(url: string) {
  const c = new pg.Client({ connectionString: url, application_name: 'tc-bench' });
  await c.connect();
  try {
    const autovacuum = (await c.query('show autovacuum')).rows[0].autovacuum as string;
    const { rows } = await c.query<{ t: string }>(
      `select relname t from pg_stat_user_tables where schemaname = 'public' and (n_dead_tup > 1000 or n_mod_since_analyze > 1000) order by relname`,
    );
    if (!rows.length) return;
    const t0 = Date.now();
    for (const { t } of rows) await c.query(`VACUUM ANALYZE "${t.replace(/"/g, '""')}"`);
    console.log(`VACUUM ANALYZE of what earlier runs wrote (${rows.map((r) => r.t).join(', ')}): ${((Date.now() - t0) / 1000).toFixed(1)} s` +
      (autovacuum === 'off' ? '; autovacuum is off on this server, so nothing else cleans them.' : '.'));
  } finally {
    await c.end();
  }
}

/** Queries of the API's database still running (the bench's own connection excluded). */
async function activeQueries(c: pg.Client, show = false, startedBefore?: Date) {
  const r = await c.query(
    `select left(regexp_replace(query, '\\s+', ' ', 'g'), 100) q, (extract(epoch from now() - query_start) * 1000)::int ms from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and backend_type = 'client backend'
      and ($1::timestamptz is null or query_start < $1)`,
    [startedBefore ?? null],
  );
  // Which ones, so that a background job (the e-mail worker, a sweep) is told apart from a runaway query.
  if (show) for (const row of r.rows) console.log(`     still running (${row.ms} ms): ${row.q}`);
  return r.rows.length;
}

function webAsset(): string | undefined {
  const dist = join(ROOT, 'apps/web/dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return undefined;
  const m = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(index, 'utf8'));
  if (m) return m[1];
  const js = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  js.sort((a, b) => statSync(join(dist, 'assets', b)).size - statSync(join(dist, 'assets', a)).size);
  return js[0] ? `/assets/${js[0]}` : undefined;
}

function scenarios(s: Subjects): Scenario[] {
  const monthNow = new Date().toISOString().slice(0, 7);
  const rot = <T>(list: T[]) => {
    let i = 0;
    return () => list[i++ % list.length];
  };
  const profile = rot(s.profileIds);
  const profileR = rot(s.profileIds);
  const profileG = rot(s.profileIds);
  const wideProfile = rot(s.wideProfileIds);
  const wideProject = rot(s.wideProjectIds);
  // Later pages (2-100) of searches by common words, in a fixed shuffled order: 1,188 (word, page)
  // pairs, so most requests are not yet in the 15 s search cache (a repeat within 15 s is served from
  // it, as in production).
  const shuffled = <T>(list: T[]) => {
    const out = [...list];
    for (let i = out.length - 1, seed = 7; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const j = seed % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const laterPages = (words: string[]) => rot(shuffled(words.flatMap((w) => Array.from({ length: 99 }, (_, i) => `q=${w}&page=${i + 2}`))));
  // Every request by another of 300 professionals, and job search by one of the 780 (district,
  // specialty) pairs: no session, page or search kept from the request before, as when many people
  // use the site at once (the scenarios above repeat one subject, which the short caches serve).
  const someone = rot(s.many);
  const someoneElse = rot(shuffled(s.many));
  const pairs = rot(shuffled(s.districts.flatMap((b) => SPECIALTY_VALUES.map((e) => `bairro=${encodeURIComponent(b)}&especialidade=${e}`))));
  const adminPages = rot(shuffled(Array.from({ length: 50 }, (_, i) => i + 1)));
  const jobPages = laterPages(['lisboa', 'porto', 'casa', 'vila', 'braga', 'setubal', 'instalar', 'aveiro', 'agua', 'eletrica', 'quadro', 'trocar']);
  const proPages = laterPages(['lisboa', 'porto', 'silva', 'vila', 'braga', 'setubal', 'santos', 'ferreira', 'aveiro', 'pereira', 'oliveira', 'costa']);
  const email = rot(s.loginEmails);
  const pair = rot(s.applyPairs);
  const approval = rot(s.approvals);
  const choice = rot(s.choices);
  const pendingReview = rot(s.pendingReviews);
  let decided = 0;
  const publisher = rot(s.publishers);
  let published = 0;
  const publish = () => {
    const p = publisher();
    const i = ++published;
    return {
      token: p.token,
      body: JSON.stringify({
        titulo: `Reparação urgente (pedido de teste ${i})`, descricao: 'Pedido criado pelo benchmark: tomada sem corrente na cozinha.',
        cidade: 'Lisboa', bairro: 'Lisboa', especialidade: SPECIALTY_VALUES[i % SPECIALTY_VALUES.length], contato: p.telefone,
        tempo: TIME_OPTIONS[i % TIME_OPTIONS.length],
      }),
    };
  };
  const apply = () => {
    const p = pair();
    return { token: p.token, body: JSON.stringify({ requestId: p.requestId }) };
  };
  // The mixed scenario's moderation takes the newest pending reviews, the moderation scenario the oldest.
  const mixedReview = rot([...s.pendingReviews].reverse());
  let mixedDecided = 0;
  const mixProfile = rot(shuffled(s.profileIds));
  const mixJobs = rot(shuffled(s.many));
  const mixBell = rot(shuffled(s.many));
  const asset = webAsset();
  const cli = s.cliente.token, adm = s.admin, pro = s.prof.token;
  const list: Scenario[] = [
    { name: 'health (one query)', kind: 'read', path: '/api/health' },
    { name: 'home: top-rated', kind: 'read', path: '/api/profissional/top-avaliados' },
    { name: 'home: recent reviews', kind: 'read', path: '/api/review/recent' },
    ...(asset
      ? [
          { name: 'home page HTML', kind: 'read' as const, path: '/' },
          { name: `JS asset ${asset.replace('/assets/', '')}`, kind: 'read' as const, path: asset },
        ]
      : []),
    { name: 'professionals: no text', kind: 'read', path: '/api/profissional/see-all', token: cli },
    { name: 'professionals: q=silva', kind: 'text', path: '/api/profissional/see-all?q=silva', token: cli },
    { name: 'professionals: q=lisboa', kind: 'text', path: '/api/profissional/see-all?q=lisboa', token: cli },
    { name: 'professionals: q=canaliza (specialty)', kind: 'text', path: '/api/profissional/see-all?q=canaliza', token: cli },
    { name: 'professionals: q=barrancos (rare)', kind: 'text', path: '/api/profissional/see-all?q=barrancos', token: cli },
    { name: 'professionals: q=common word, pages 2-100', kind: 'text', path: '/api/profissional/see-all?q=lisboa&page=2', token: cli, next: () => ({ path: `/api/profissional/see-all?${proPages()}` }) },
    { name: 'jobs: no filter', kind: 'read', path: '/api/requests/disponiveis', token: pro },
    { name: 'jobs: especialidade', kind: 'read', path: '/api/requests/disponiveis?especialidade=reparacao-fugas-agua', token: pro },
    { name: 'jobs: bairro', kind: 'read', path: '/api/requests/disponiveis?bairro=Porto', token: pro },
    { name: 'jobs: tempo', kind: 'read', path: '/api/requests/disponiveis?tempo=URGENTE', token: pro },
    { name: 'jobs: q=quadro', kind: 'text', path: '/api/requests/disponiveis?q=quadro', token: pro },
    { name: 'jobs: q=barrancos (rare)', kind: 'text', path: '/api/requests/disponiveis?q=barrancos', token: pro },
    { name: 'jobs: q=fuga porto (two words)', kind: 'text', path: '/api/requests/disponiveis?q=fuga%20porto', token: pro },
    { name: 'jobs: bairro=Lisboa + tempo', kind: 'read', path: '/api/requests/disponiveis?bairro=Lisboa&tempo=NORMAL', token: pro },
    { name: 'jobs: all filters', kind: 'read', path: '/api/requests/disponiveis?especialidade=quadro-eletrico-dispara&bairro=Lisboa&tempo=AVARIA', token: pro },
    { name: 'jobs: all filters + q=', kind: 'text', path: '/api/requests/disponiveis?especialidade=reparacao-fugas-agua&bairro=Lisboa&tempo=URGENTE&q=fuga', token: pro },
    { name: 'jobs: page 40', kind: 'read', path: '/api/requests/disponiveis?page=40', token: pro },
    { name: 'jobs: q=common word, pages 2-100', kind: 'text', path: '/api/requests/disponiveis?q=lisboa&page=2', token: pro, next: () => ({ path: `/api/requests/disponiveis?${jobPages()}` }) },
    {
      name: 'jobs: district + specialty, 780 pairs, 300 professionals', kind: 'read', path: '/api/requests/disponiveis', token: pro,
      next: () => ({ path: `/api/requests/disponiveis?${pairs()}`, token: someone().token }),
    },
    // Job search's pages are the same for everyone; each professional's screen asks for this once.
    {
      name: 'jobs: my open applications, 300 professionals', kind: 'read', path: '/api/requests/disponiveis/minhas-candidaturas', token: pro,
      next: () => ({ path: '/api/requests/disponiveis/minhas-candidaturas', token: someone().token }),
    },
    {
      name: "applications of 300 professionals", kind: 'read', path: `/api/creditos/profissional/${s.prof.id}`, token: pro,
      next: () => {
        const p = someoneElse();
        return { path: `/api/creditos/profissional/${p.id}`, token: p.token };
      },
    },
    { name: "professional's applications", kind: 'read', path: `/api/creditos/profissional/${s.prof.id}`, token: pro },
    { name: "professional's credit history", kind: 'read', path: `/api/creditos/historico/${s.prof.id}?pageSize=10`, token: pro },
    { name: "professional's notifications", kind: 'read', path: '/api/notificacoes?pageSize=10', token: pro },
    // What every signed-in page asks for (the bell's count, the balance in the menu), a professional's
    // purchases, the applicants a client chooses from, and the back office's reported leads.
    { name: "the bell's unread count", kind: 'read', path: '/api/notificacoes/por-ler', token: pro },
    { name: "professional's balance", kind: 'read', path: `/api/subscriptions/credito/${s.prof.id}`, token: pro },
    { name: "professional's purchases", kind: 'read', path: `/api/pagamentos/profissional/${s.prof.id}`, token: pro },
    ...(s.choices[0]
      ? [{ name: 'applicants of a project (its client)', kind: 'read' as const, path: `/api/requests/${s.choices[0].requestId}/profissionais`, token: s.choices[0].token }]
      : []),
    { name: 'admin: reported leads', kind: 'read', path: '/api/admin/leads-reportados', token: adm },
    // "Os seus selos" (recomputed on every view) and "O seu retorno" (12 months of figures).
    { name: "professional's badges", kind: 'read', path: '/api/profissional/selos', token: pro },
    { name: "professional's return", kind: 'read', path: '/api/profissional/retorno', token: pro },
    // The other screens' first reads: a professional's settings and purchases, the guarantee's lists and
    // figures, and the back office's payments to reconcile.
    { name: "professional's emergency settings", kind: 'read', path: '/api/profissional/urgencias', token: pro },
    { name: "professional's plan and balance", kind: 'read', path: `/api/subscriptions/profissional/${s.prof.id}`, token: pro },
    { name: 'notification preferences', kind: 'read', path: '/api/notificacoes/preferencias', token: pro },
    ...(s.purchaseId ? [{ name: 'a purchase (its owner)', kind: 'read' as const, path: `/api/pagamentos/${s.purchaseId}`, token: pro }] : []),
    ...(s.claims
      ? [
          { name: "client's guarantee claims", kind: 'read' as const, path: '/api/cliente/garantias', token: s.claims.cliente.token },
          { name: "professional's guarantee claims", kind: 'read' as const, path: '/api/profissional/garantias', token: s.claims.prof.token },
          { name: 'a guarantee claim (its client)', kind: 'read' as const, path: `/api/garantias/${s.claims.claimId}`, token: s.claims.cliente.token },
        ]
      : []),
    { name: "a profile's guarantee figures", kind: 'read', path: `/api/profissional/${s.profileIds[0]}/garantias`, token: cli, next: () => ({ path: `/api/profissional/${profileG()}/garantias` }) },
    { name: 'admin: guarantee figures of 50 professionals', kind: 'read', path: `/api/admin/garantias/numeros?ids=${s.profileIds.slice(0, 50).join(',')}`, token: adm },
    { name: 'admin: payments to reconcile', kind: 'read', path: '/api/admin/pagamentos/por-conciliar', token: adm },
    { name: 'project detail (owner)', kind: 'read', path: `/api/requests/${s.cliente.projectId}`, token: cli },
    { name: 'professional profile', kind: 'read', path: `/api/profissional/${s.profileIds[0]}`, token: cli, next: () => ({ path: `/api/profissional/${profile()}` }) },
    { name: 'professional reviews', kind: 'read', path: `/api/review/profissional/${s.profileIds[0]}`, next: () => ({ path: `/api/review/profissional/${profileR()}` }) },
    // The same two reads over 20,000 subjects each: mostly not in the short caches (their misses).
    { name: 'professional profile, 20,000 professionals', kind: 'read', path: `/api/profissional/${s.wideProfileIds[0]}`, token: cli, next: () => ({ path: `/api/profissional/${wideProfile()}` }) },
    { name: 'project detail, 20,000 projects (admin)', kind: 'read', path: `/api/requests/${s.wideProjectIds[0]}`, token: adm, next: () => ({ path: `/api/requests/${wideProject()}` }) },
    { name: 'client projects: typical', kind: 'read', path: `/api/requests/cliente/${s.cliente.id}`, token: cli },
    { name: `client projects: heavy (${s.heavy.projects})`, kind: 'read', path: `/api/requests/cliente/${s.heavy.id}`, token: s.heavy.token },
    { name: 'client: to review (heavy)', kind: 'read', path: '/api/cliente/profissionais-avaliaveis', token: s.heavy.token },
    { name: 'admin: projects', kind: 'read', path: '/api/requests/all', token: adm },
    { name: 'admin: projects q=silva', kind: 'text', path: '/api/requests/all?q=silva', token: adm },
    { name: 'admin: projects ESPERA', kind: 'read', path: '/api/requests/all?status=ESPERA', token: adm },
    { name: 'admin: projects page 500', kind: 'read', path: '/api/requests/all?page=500', token: adm },
    { name: 'admin: projects, pages 1-50', kind: 'read', path: '/api/requests/all', token: adm, next: () => ({ path: `/api/requests/all?page=${adminPages()}` }) },
    { name: 'admin: reviews', kind: 'read', path: '/api/review/all', token: adm },
    { name: 'admin: reviews q=pontual', kind: 'text', path: '/api/review/all?q=pontual', token: adm },
    { name: 'admin: reviews NEGADO', kind: 'read', path: '/api/review/all?status=NEGADO', token: adm },
    { name: 'admin: clients', kind: 'read', path: '/api/cliente/see-all', token: adm },
    { name: 'admin: clients q=silva', kind: 'text', path: '/api/cliente/see-all?q=silva', token: adm },
    { name: 'admin: professionals', kind: 'read', path: '/api/admin/profissionais', token: adm },
    { name: 'admin: professionals q=silva', kind: 'text', path: '/api/admin/profissionais?q=silva', token: adm },
    { name: 'admin: professionals PENDENTE', kind: 'read', path: '/api/admin/profissionais?verificacao=PENDENTE', token: adm },
    { name: 'admin: professionals page 300', kind: 'read', path: '/api/admin/profissionais?page=300', token: adm },
    { name: 'admin: payments', kind: 'read', path: '/api/admin/pagamentos', token: adm },
    { name: 'admin: payments recebido+elite+month', kind: 'read', path: `/api/admin/pagamentos?tipo=recebido&plano=elite&mes=${monthNow}`, token: adm },
    { name: 'admin: guarantee claims', kind: 'read', path: '/api/admin/garantias', token: adm },
    { name: 'admin: guarantee claims page 100', kind: 'read', path: '/api/admin/garantias?page=100', token: adm },
    { name: 'emergencies on call (Lisboa)', kind: 'read', path: '/api/urgencias/disponiveis?bairro=Lisboa&especialidade=reparacao-fugas-agua' },
    { name: 'admin: audit log', kind: 'read', path: '/api/admin/audit', token: adm },
    { name: 'admin: audit log page 500', kind: 'read', path: '/api/admin/audit?page=500', token: adm },
    { name: 'admin: dashboard stats', kind: 'read', path: '/api/admin/stats', token: adm },
    { name: 'admin: total projects', kind: 'read', path: '/api/requests/total', token: adm },
    { name: 'admin: total clients', kind: 'read', path: '/api/cliente/total', token: adm },
    { name: 'admin: total professionals', kind: 'read', path: '/api/profissional/total', token: adm },
    { name: 'admin: total paid', kind: 'read', path: '/api/subscriptions/valorPagoTotal', token: adm },
    {
      // A busy hour: professionals looking for work and at their bell, clients reading profiles and their
      // projects, publishing, applying and an admin moderating, all at once on 50 connections. The
      // reads then wait behind the writes' commits and locks, as in production. Approvals are left out:
      // each leaves ~740 job alerts for the worker (measured on their own below).
      name: 'mixed traffic: a busy hour', kind: 'mixed', path: '/api/requests/disponiveis',
      mix: [
        { name: 'jobs, district + specialty', kind: 'read', path: '/api/requests/disponiveis', connections: 16, next: () => ({ path: `/api/requests/disponiveis?${pairs()}`, token: mixJobs().token }) },
        { name: 'jobs, no filter', kind: 'read', path: '/api/requests/disponiveis', connections: 6, next: () => ({ token: mixJobs().token }) },
        { name: 'the bell', kind: 'read', path: '/api/notificacoes?pageSize=10', connections: 4, next: () => ({ token: mixBell().token }) },
        { name: 'profiles', kind: 'read', path: '/api/profissional/0', connections: 6, token: cli, next: () => ({ path: `/api/profissional/${mixProfile()}` }) },
        { name: 'directory by text, pages 2-100', kind: 'text', path: '/api/profissional/see-all?q=lisboa&page=2', connections: 4, token: cli, next: () => ({ path: `/api/profissional/see-all?${proPages()}` }) },
        { name: "a client's projects", kind: 'read', path: `/api/requests/cliente/${s.cliente.id}`, connections: 4, token: cli },
        { name: 'publish', kind: 'write', method: 'POST', path: '/api/requests/create', connections: 4, next: publish },
        { name: 'apply', kind: 'write', method: 'POST', path: '/api/creditos/usar', connections: 5, next: apply },
        ...(s.pendingReviews.length
          ? [{
              // An admin deciding a review a second (fast for a person): each admin write empties the
              // kept searches on its instance (app.ts), so a flood of them would measure nothing else.
              name: 'moderate, one a second', kind: 'write' as const, method: 'PUT' as const, path: '/api/review/accept/0', connections: 1, rate: 1, token: adm,
              next: () => ({ path: `/api/review/${++mixedDecided % 4 === 0 ? 'deny' : 'accept'}/${mixedReview()}`, body: '{}' }),
            }]
          : []),
      ],
    },
    {
      // The back office open while the marketplace works: admins reading the dashboard and the counters
      // while projects are published and professionals apply. Every write changes a figure.
      name: 'mixed: the back office while projects come in', kind: 'mixed', path: '/api/admin/stats',
      mix: [
        { name: 'dashboard', kind: 'read', path: '/api/admin/stats', connections: 12, token: adm },
        { name: 'total projects', kind: 'read', path: '/api/requests/total', connections: 6, token: adm },
        { name: 'total paid', kind: 'read', path: '/api/subscriptions/valorPagoTotal', connections: 6, token: adm },
        { name: 'payments', kind: 'read', path: '/api/admin/pagamentos?tipo=total', connections: 6, token: adm },
        { name: 'jobs, no filter', kind: 'read', path: '/api/requests/disponiveis', connections: 12, next: () => ({ token: mixJobs().token }) },
        { name: 'publish', kind: 'write', method: 'POST', path: '/api/requests/create', connections: 6, next: publish },
        { name: 'apply', kind: 'write', method: 'POST', path: '/api/creditos/usar', connections: 8, next: apply },
      ],
    },
    {
      name: `log-in (${LOGIN_CONNECTIONS} connections)`, kind: 'write', method: 'POST', path: '/api/auth/login', connections: LOGIN_CONNECTIONS,
      next: () => ({ body: JSON.stringify({ email: email(), senha: DEMO_PASSWORD, tipo: 'profissional' }) }),
    },
    {
      name: 'write: publish a project', kind: 'write', method: 'POST', path: '/api/requests/create', next: publish,
    },
    {
      name: `write: apply to a project`, kind: 'write', method: 'POST', path: '/api/creditos/usar', next: apply,
    },
    {
      // Approving and pricing in one step. The job alerts to every professional of the district with the
      // specialty (a bell row each, and an e-mail unless switched off; ~740 on average) are written by the
      // worker afterwards; a fixed number, so that a run leaves a bounded amount of them (JOB_ALERT_APPROVALS).
      name: 'write: approve a project', kind: 'write', method: 'PATCH', path: '/api/requests/0/aprovar', token: adm, amount: JOB_ALERT_APPROVALS,
      next: () => ({ path: `/api/requests/${approval()}/aprovar`, body: JSON.stringify({ creditos: 3 }) }),
    },
    // Each only when the data has subjects for it (a small or used-up database may have none).
    ...(s.choices.length ? [{
      // "Escolhi este profissional": the chosen one and the other applicants are told. Each request is
      // another client's project; a fixed number (each uses up an open project with no choice).
      name: 'write: a client chooses a professional', kind: 'write', method: 'POST', path: '/api/requests/0/escolher', amount: CHOICES,
      next: () => {
        const x = choice();
        return { path: `/api/requests/${x.requestId}/escolher`, token: x.token, body: JSON.stringify({ profissionalId: x.profissionalId }) };
      },
    } satisfies Scenario] : []),
    ...(s.pendingReviews.length ? [{
      // An admin's moderation of the oldest pending reviews: three approvals (the professional's average,
      // ranking and badges recomputed, both people told) for each rejection.
      name: 'write: moderate a review', kind: 'write', method: 'PUT', path: '/api/review/accept/0', token: adm, amount: REVIEW_DECISIONS,
      next: () => ({ path: `/api/review/${++decided % 4 === 0 ? 'deny' : 'accept'}/${pendingReview()}`, body: '{}' }),
    } satisfies Scenario] : []),
  ];
  return list;
}

const TARGET: Record<Kind, { share: number; p99: number }> = {
  read: { share: 15, p99: 50 }, text: { share: 10, p99: 80 }, write: { share: 0, p99: 100 },
  // Judged part by part, each by its own kind's p99 (no share: the parts share the machine).
  mixed: { share: 0, p99: Infinity },
};

interface Row extends Measure {
  name: string; kind: Kind; path: string; share: number; stillRunning: number; runningAtStop: number; pass: boolean; why: string[];
  /** The API's resident memory after the scenario, and its peak so far. */
  apiRssMB?: number; apiPeakRssMB?: number;
}

/** One scenario through one balancer: the measure, its share of bare Fastify and the queries left behind. */
interface Side extends Measure { share: number; runningAtStop: number; stillRunning: number }
interface MultiRow {
  name: string; kind: Kind; path: string;
  one: Side;
  /** Through nginx in front of every instance; requests each instance answered, from nginx's access log. */
  all: Side & { perInstance: Record<string, number> };
  /** req/s with every instance over req/s with one. */
  ratio: number;
  /** Every instance answered at least half of an even share. */
  balanced: boolean;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('npm run bench needs PostgreSQL: set DATABASE_URL to a database for the bench, e.g.\n' +
      '  createdb -h 127.0.0.1 -U postgres tc_bench\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/tc_bench npm run bench\n' +
      '(an empty database is filled with the generated data set first; npm run bench:data does only that).');
    process.exit(1);
  }
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    console.error(`The bench only talks to a database on this machine (DATABASE_URL host is ${host}).`);
    process.exit(1);
  }
  await ensureData(url);
  await settleLeftoverMail(url);
  await vacuumLeftovers(url);
  const s = await subjects(url);
  const list = scenarios(s).filter((x) => !ONLY || ONLY.test(x.name));
  const runs = MULTI ? 2 : 1;
  const estimate = (list.length * runs * (SECONDS + WARMUP + 1.5) + 4 * (SECONDS + WARMUP)) / 60;
  if (MULTI) {
    console.log(`Benchmark, ${INSTANCES} instances: ${list.length} scenarios, each through nginx (deploy/nginx.conf) in front of 1 API instance, then of ${INSTANCES}; ` +
      `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s each (writes ${WRITE_SECONDS} s); about ${Math.ceil(estimate)} min.`);
    console.log(`Note: the ${INSTANCES} instances, PostgreSQL, nginx and the load generator share this machine's ${os.cpus().length} cores, which bound the ${INSTANCES}/1 ratio.`);
  } else {
    console.log(`Benchmark: ${list.length} scenarios, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s each (writes ${WRITE_SECONDS} s); about ${Math.ceil(estimate)} min.`);
  }
  console.log(`Data: ${Object.entries(s.counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const load1 = os.loadavg()[0];
  if (load1 > 1) console.log(`Note: load average ${load1.toFixed(1)} before the start; other work on this machine makes the numbers noisier.`);
  if (list.some((x) => x.path === '/api/creditos/usar') && s.applyPairs.length < 20_000 * runs) {
    console.log(`Note: only ${s.applyPairs.length} valid (professional, open project) pairs for the applications; a fast run may reuse some (409).`);
  }
  if (list.some((x) => x.path.endsWith('/aprovar')) && s.approvals.length < Math.ceil(JOB_ALERT_APPROVALS * 1.1) * runs) {
    console.log(`Note: only ${s.approvals.length} projects wait for approval; a fast run may approve some twice (409).`);
  }
  if (list.some((x) => x.path.endsWith('/escolher')) && s.choices.length < Math.ceil(CHOICES * 1.1) * runs) {
    console.log(`Note: only ${s.choices.length} open projects without a choice; a run may choose on some twice (no change).`);
  }
  if (!s.choices.length) console.log('Note: no open project with an applicant and no choice: choosing is not measured.');
  if (!s.pendingReviews.length) {
    console.log('Note: no review waiting for moderation: moderating is not measured.');
  }
  if (list.some((x) => x.path.startsWith('/api/review/accept')) && s.pendingReviews.length < Math.ceil(REVIEW_DECISIONS * 1.1) * runs) {
    console.log(`Note: only ${s.pendingReviews.length} reviews wait for moderation; a run may decide some twice (409).`);
  }
  console.log('');

  const dataDir = mkdtempSync(join(os.tmpdir(), 'tc-bench-api-'));
  const apiPorts: number[] = [];
  for (let i = 0; i < INSTANCES; i++) apiPorts.push(await freePort());
  const [httpPort, fastifyPort, fastifyPgPort] = [await freePort(), await freePort(), await freePort()];
  const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, NODE_ENV: 'production' };
  const passThrough = Object.fromEntries(['DATABASE_POOL_MAX', 'DATABASE_SHARED_READS', 'DATABASE_STATEMENT_TIMEOUT_MS', 'NOTIFICATIONS_WORKER', 'NOTIFICATIONS_PASS_MS'].filter((k) => process.env[k]).map((k) => [k, process.env[k]!]));
  // Behind the balancer as deployed; the e-mail worker off so that only requests use the instances' CPU.
  const multiEnv: Record<string, string> = MULTI ? { NOTIFICATIONS_WORKER: 'false', TRUST_PROXY: '127.0.0.1' } : {};
  const letter = (i: number) => String.fromCharCode(65 + i);
  const apiName = (i: number) => (MULTI ? `API ${letter(i)}` : 'API');
  const launch = (i: number) => {
    const dir = MULTI ? join(dataDir, letter(i)) : dataDir;
    mkdirSync(dir, { recursive: true });
    // The same JWT_SECRET for every instance: the bench's tokens are valid on each.
    return startApi(apiName(i), apiPorts[i], {
      HOME: baseEnv.HOME, ...passThrough, DATABASE_URL: url, JWT_SECRET, RATE_LIMIT: 'false', SEED_DEMO: 'false', DATA_DIR: dir, ...multiEnv,
    });
  };
  const apis = apiPorts.map((_, i) => launch(i));
  /** Times an API process ended during a scenario (it is started again and the scenario repeated, up to 3 times). */
  const restarts: { during: string; instance?: string; code: number | null; signal: string | null; lastLines: string[] }[] = [];
  const nodeHttp = startProcess('node:http', process.execPath, ['--input-type=module', '-e', NODE_HTTP], { ...baseEnv, PORT: String(httpPort) }, httpPort);
  const bareFastify = startProcess('bare Fastify', process.execPath, ['--input-type=module', '-e', BARE_FASTIFY], { ...baseEnv, PORT: String(fastifyPort) }, fastifyPort);
  const bareFastifyPg = startProcess('bare Fastify + one query', process.execPath, ['--input-type=module', '-e', BARE_FASTIFY_PG], {
    ...baseEnv, ...passThrough, DATABASE_URL: url, PORT: String(fastifyPgPort),
  }, fastifyPgPort);
  const balancers: Proc[] = [];
  const peakRss: (number | undefined)[] = apis.map(() => undefined);
  const samplePeak = () => apis.forEach((p, i) => {
    const now = peakRssMb(p.proc.pid);
    if (now !== undefined) peakRss[i] = Math.max(peakRss[i] ?? 0, now);
  });
  const sampler = setInterval(samplePeak, 500);
  const watch = new pg.Client({ connectionString: url, application_name: 'tc-bench-watch' });
  try {
    await Promise.all([...apis.map((p) => waitFor(p, '/api/health', 120_000)), waitFor(nodeHttp, '/', 120_000), waitFor(bareFastify, '/', 120_000), waitFor(bareFastifyPg, '/', 120_000)]);
    await watch.connect();
    const rssAtStart = apis.map((p) => peakRssMb(p.proc.pid));
    // Two balancers, both with the deployed worker count: in front of the first instance, and of all.
    const startLb = async (name: string, upstreams: number[]) => {
      const lb = await startNginx({ listen: await freePort(), upstreams, dir: join(dataDir, name), workers: 'auto' });
      balancers.push(lb);
      return lb;
    };
    const lbOne = MULTI ? await startLb('nginx-1', apiPorts.slice(0, 1)) : undefined;
    const lbAll = MULTI ? await startLb(`nginx-${INSTANCES}`, apiPorts) : undefined;

    const baseline = async (c: Proc) => {
      await load(c.base, { name: c.name, kind: 'read', path: '/' }, WARMUP);
      return load(c.base, { name: c.name, kind: 'read', path: '/' }, SECONDS);
    };
    const line = (name: string, m: Measure, extra = '') =>
      console.log(`  ${name.padEnd(40)} ${fmt(m.rps, 0).padStart(8)} req/s  p50 ${fmt(m.p50, 1).padStart(6)} ms  p99 ${fmt(m.p99, 1).padStart(6)} ms  ${extra}`);
    // The bench's own code (autocannon) warms up here, not during the first measurement.
    await load(nodeHttp.base, { name: 'priming', kind: 'read', path: '/' }, 3);
    const loadBefore = os.loadavg();
    console.log('Baselines (before):');
    const httpBefore = await baseline(nodeHttp);
    line('node:http', httpBefore);
    const fastifyBefore = await baseline(bareFastify);
    line('bare Fastify', fastifyBefore);
    const oneQuery = await baseline(bareFastifyPg);
    line('bare Fastify + one query', oneQuery, `${fmt((100 * oneQuery.rps) / fastifyBefore.rps, 1)} % of bare Fastify`);

    /** Warm-up, then the measured run; should an API instance end meanwhile, it is started again and the run repeated. */
    const measure = async (base: string, sc: Scenario, beforeRun?: () => void): Promise<Measure> => {
      for (;;) {
        await load(base, sc, WARMUP, true);
        await sleep(300);
        beforeRun?.();
        const m = await load(base, sc, sc.kind === 'write' ? WRITE_SECONDS : SECONDS);
        const lbDown = balancers.find((b) => !alive(b));
        if (lbDown) throw new Error(`nginx ended during "${sc.name}":\n${lbDown.tail.join('\n')}`);
        const dead = apis.flatMap((p, i) => (alive(p) ? [] : [i]));
        if (!dead.length) return m;
        // Something ended an instance (a crash, or a signal from outside): say so, start it again, repeat.
        for (const i of dead) {
          const p = apis[i];
          restarts.push({ during: sc.name, ...(MULTI ? { instance: p.name } : {}), code: p.proc.exitCode, signal: p.proc.signalCode, lastLines: p.tail.slice(-10) });
          console.log(`  !! the ${p.name} ended during "${sc.name}" (code ${p.proc.exitCode}, signal ${p.proc.signalCode}); starting it again and repeating`);
        }
        if (restarts.length > 3) throw new Error(`the API ended ${restarts.length} times:\n${apis[dead[0]].tail.join('\n')}`);
        for (const i of dead) apis[i] = launch(i);
        await Promise.all(dead.map((i) => waitFor(apis[i], '/api/health', 120_000)));
      }
    };
    /** Queries running when the load stops, and those of them still running 1 s later (not a background job's statement begun since). */
    const leftRunning = async () => {
      const stop = new Date();
      const runningAtStop = await activeQueries(watch);
      await sleep(1000);
      return { runningAtStop, stillRunning: await activeQueries(watch, true, stop) };
    };

    const rows: Row[] = [];
    const multiRows: MultiRow[] = [];
    // The approvals' job alerts, written by the API's worker after that load: how long until none is
    // left. Waited for right after the approvals, so that the scenarios after them are not measured
    // while the worker writes a few hundred thousand bell rows (choices and moderation were, their
    // p99 doubled by work that was not theirs).
    let jobAlerts: { projects: number; bellRows: number; seconds: number | null } | undefined;
    const afterScenario = async (sc: Scenario) => {
      if (!(sc.amount && sc.path.endsWith('/aprovar'))) return;
      jobAlerts = await drainJobAlerts(url, MULTI || process.env.NOTIFICATIONS_WORKER === 'false');
      console.log(
        jobAlerts.seconds === null
          ? `  job alerts: ${jobAlerts.projects} projects waiting (no worker in this run)`
          : `  job alerts: ${jobAlerts.projects} projects, ${jobAlerts.bellRows} bell rows, written by the worker in ${fmt(jobAlerts.seconds, 1)} s after the load`,
      );
    };
    console.log('\nScenarios:');
    for (const sc of list) {
      if (!lbOne || !lbAll) {
        const m = await measure(apis[0].base, sc);
        const { runningAtStop, stillRunning } = await leftRunning();
        samplePeak();
        const row: Row = {
          name: sc.name, kind: sc.kind, path: sc.path, ...m, share: (100 * m.rps) / fastifyBefore.rps, stillRunning, runningAtStop, pass: false, why: [],
          apiRssMB: rssMb(apis[0].proc.pid, 'VmRSS'), apiPeakRssMB: peakRss[0],
        };
        rows.push(row);
        line(sc.name, m, `errors ${m.errors + m.non2xx}${stillRunning ? `  still running ${stillRunning}` : ''}`);
        for (const part of m.parts ?? []) line(`  ${part.name} (${part.connections})`, part, `errors ${part.errors + part.non2xx}`);
        await afterScenario(sc);
        continue;
      }
      const one = await measure(lbOne.base, sc, () => truncateSync(lbOne.accessLog, 0));
      const oneLeft = await leftRunning();
      line(sc.name, one, `1 instance   errors ${one.errors + one.non2xx}${oneLeft.stillRunning ? `  still running ${oneLeft.stillRunning}` : ''}`);
      // Only the measured run's requests are counted: the log starts empty after the warm-up.
      const all = await measure(lbAll.base, sc, () => truncateSync(lbAll.accessLog, 0));
      const perInstance = answeredBy(lbAll.accessLog, apiPorts, letter);
      truncateSync(lbAll.accessLog, 0);
      const allLeft = await leftRunning();
      samplePeak();
      const counted = Object.values(perInstance).reduce((a, b) => a + b, 0);
      const balanced = counted > 0 && Object.values(perInstance).every((n) => n >= counted / (2 * INSTANCES));
      multiRows.push({
        name: sc.name, kind: sc.kind, path: sc.path, one: { ...one, share: 0, ...oneLeft }, all: { ...all, share: 0, ...allLeft, perInstance }, ratio: all.rps / one.rps, balanced,
      });
      line('', all, `${INSTANCES} instances  errors ${all.errors + all.non2xx}  split ${split(perInstance)}${allLeft.stillRunning ? `  still running ${allLeft.stillRunning}` : ''}`);
      await afterScenario(sc);
    }

    console.log('\nBaselines (after):');
    const httpAfter = await baseline(nodeHttp);
    line('node:http', httpAfter);
    const fastifyAfter = await baseline(bareFastify);
    line('bare Fastify', fastifyAfter);
    samplePeak();
    const loadAfter = os.loadavg();

    const ref = (fastifyBefore.rps + fastifyAfter.rps) / 2;
    const spread = (100 * Math.abs(fastifyBefore.rps - fastifyAfter.rps)) / ref;
    const httpRef = (httpBefore.rps + httpAfter.rps) / 2;
    for (const r of rows) {
      r.share = (100 * r.rps) / ref;
      const t = TARGET[r.kind];
      if (r.kind !== 'write' && r.kind !== 'mixed' && r.share < t.share) r.why.push(`< ${t.share} %`);
      if (r.p99 >= t.p99) r.why.push(`p99 >= ${t.p99} ms`);
      for (const part of r.parts ?? []) if (part.p99 >= TARGET[part.kind].p99) r.why.push(`${part.name}: p99 >= ${TARGET[part.kind].p99} ms`);
      if (r.errors + r.non2xx > 0) r.why.push('errors');
      if (r.stillRunning > 0) r.why.push('queries left running');
      r.pass = r.why.length === 0;
    }
    for (const r of multiRows) {
      r.one.share = (100 * r.one.rps) / ref;
      r.all.share = (100 * r.all.rps) / ref;
    }
    const rssPass = peakRss.every((p) => p !== undefined && p < RSS_TARGET_MB);
    if (MULTI) printMultiTable(multiRows);
    else printTable(rows);
    console.log(`\nReference: bare Fastify ${fmt(ref, 0)} req/s (before ${fmt(fastifyBefore.rps, 0)}, after ${fmt(fastifyAfter.rps, 0)}; spread ${fmt(spread, 1)} %); ` +
      `node:http ${fmt(httpRef, 0)} req/s (before ${fmt(httpBefore.rps, 0)}, after ${fmt(httpAfter.rps, 0)}); bare Fastify = ${fmt((100 * ref) / httpRef, 0)} % of node:http.`);
    console.log(`One round trip: bare Fastify + one indexed query through node-postgres ${fmt(oneQuery.rps, 0)} req/s, ` +
      `${fmt((100 * oneQuery.rps) / ref, 1)} % of bare Fastify (p99 ${fmt(oneQuery.p99, 1)} ms).`);
    if (spread > 15) {
      console.log(`Warning: the two bare-Fastify runs differ by ${fmt(spread, 0)} %: something else was using the CPU, so every share above is uncertain by about as much (load average ${loadBefore.map((x) => x.toFixed(1)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(1)).join(' ')} after).`);
    }
    const mb = (v: number | undefined) => (v === undefined ? '?' : fmt(v, 0));
    if (MULTI) {
      console.log(`API peak RSS: ${apis.map((_, i) => `${letter(i)} ${mb(peakRss[i])} MB`).join(', ')} (target < ${RSS_TARGET_MB} MB each) ${rssPass ? 'PASS' : 'FAIL'}; ` +
        `${apis.map((_, i) => `${letter(i)} ${mb(rssAtStart[i])} MB`).join(', ')} once started.`);
    } else {
      const peakDuring = rows.find((r) => peakRss[0] !== undefined && r.apiPeakRssMB !== undefined && r.apiPeakRssMB >= peakRss[0] - 0.5)?.name;
      console.log(`API peak RSS: ${mb(peakRss[0])} MB (target < ${RSS_TARGET_MB} MB) ${rssPass ? 'PASS' : 'FAIL'}; ` +
        `${mb(rssAtStart[0])} MB once started${peakDuring ? `; peak reached during "${peakDuring}"` : ''}.`);
    }
    if (restarts.length) {
      console.log(`The API ended ${restarts.length} time(s) during the run and was started again: ` +
        `${restarts.map((r) => `"${r.during}"${r.instance ? ` (${r.instance})` : ''} (code ${r.code}, signal ${r.signal})`).join(', ')}.`);
    }
    const passed = rows.filter((r) => r.pass).length;
    const withErrors = multiRows.filter((r) => r.one.errors + r.one.non2xx + r.all.errors + r.all.non2xx > 0).map((r) => r.name);
    const unbalanced = multiRows.filter((r) => !r.balanced).map((r) => r.name);
    const ratios = multiRows.map((r) => r.ratio).sort((a, b) => a - b);
    if (MULTI) {
      console.log(`${INSTANCES}/1 req/s ratio: ${ratios.length ? `${fmt(ratios[0], 2)} to ${fmt(ratios[ratios.length - 1], 2)}, median ${fmt(ratios[Math.floor(ratios.length / 2)], 2)}` : '-'}. ` +
        `Errors: ${withErrors.length ? withErrors.join(', ') : 'none'}. Every instance answered its share: ${unbalanced.length ? `no (${unbalanced.join(', ')})` : 'yes'}.`);
    } else {
      console.log(`${passed}/${rows.length} scenarios PASS.`);
    }

    const machine = {
      cores: os.cpus().length, cpu: os.cpus()[0]?.model, memoryMB: Math.round(os.totalmem() / 1048576), node: process.version,
      platform: `${os.platform()} ${os.release()}`, postgres: s.pgVersion, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter,
    };
    const settings = {
      connections: CONNECTIONS, loginConnections: LOGIN_CONNECTIONS, seconds: SECONDS, writeSeconds: WRITE_SECONDS, warmupSeconds: WARMUP,
      acceptEncoding: ACCEPT_ENCODING, only: process.env.BENCH_ONLY ?? null, applyPairs: s.applyPairs.length,
      api: { NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT: false, ...(MULTI ? { NOTIFICATIONS_WORKER: false, TRUST_PROXY: '127.0.0.1' } : {}), ...passThrough },
    };
    const baselines = {
      nodeHttp: { before: httpBefore, after: httpAfter, mean: httpRef },
      bareFastify: { before: fastifyBefore, after: fastifyAfter, reference: ref, spreadPct: spread, shareOfNodeHttpPct: (100 * ref) / httpRef },
      bareFastifyOneQuery: { ...oneQuery, shareOfBareFastifyPct: (100 * oneQuery.rps) / ref },
    };
    const file = join(ROOT, 'bench/results.json');
    const previous = readResults(file);
    let out: Record<string, unknown>;
    if (MULTI) {
      // Its own key: the fields of the last default run stay as they were.
      out = {
        ...previous,
        multiInstance: {
          date: new Date().toISOString(), instances: INSTANCES, machine,
          settings: { ...settings, nginx: { conf: 'deploy/nginx.conf', workerProcesses: 'auto', bin: NGINX_BIN } },
          database: { name: new URL(url).pathname.slice(1), counts: s.counts },
          baselines,
          api: { peakRssMB: peakRss.map((p) => p ?? null), rssAtStartMB: rssAtStart.map((p) => p ?? null), pass: rssPass, restarts },
          scenarios: multiRows,
          summary: {
            total: multiRows.length, withErrors, unbalanced,
            ratio: ratios.length ? { min: ratios[0], median: ratios[Math.floor(ratios.length / 2)], max: ratios[ratios.length - 1] } : null,
          },
        },
      };
    } else {
      out = {
        date: new Date().toISOString(), machine, settings,
        database: { name: new URL(url).pathname.slice(1), counts: s.counts },
        targets: { read: TARGET.read, text: TARGET.text, write: { p99: TARGET.write.p99 }, errors: 0, stillRunningAfter1s: 0, apiPeakRssMB: RSS_TARGET_MB },
        baselines,
        api: { peakRssMB: peakRss[0] ?? null, rssAtStartMB: rssAtStart[0] ?? null, pass: rssPass, restarts },
        scenarios: rows,
        jobAlerts: jobAlerts ?? null,
        summary: { passed, total: rows.length },
        // The last BENCH_INSTANCES run is kept (it has its own date).
        ...(previous.multiInstance ? { multiInstance: previous.multiInstance } : {}),
      };
    }
    mkdirSync(join(ROOT, 'bench'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(MULTI ? 'Results: bench/results.json (key multiInstance)' : 'Results: bench/results.json');
  } finally {
    clearInterval(sampler);
    await watch.end().catch(() => undefined);
    await Promise.all([...balancers.map((b) => stopProcess(b, 'SIGQUIT', 5000)), ...apis.map(stop), stop(nodeHttp), stop(bareFastify), stop(bareFastifyPg)]);
    killAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function readResults(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Requests each instance answered, from nginx's access log (`upstream=` names the last one tried). */
function answeredBy(accessLog: string, ports: number[], label: (i: number) => string): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(ports.map((_, i) => [label(i), 0]));
  const byPort = new Map(ports.map((p, i) => [String(p), label(i)]));
  for (const m of readFileSync(accessLog, 'utf8').matchAll(/upstream=(?:[^ ]+, )*[^ ]*:(\d+) /g)) {
    const who = byPort.get(m[1]);
    if (who) counts[who]++;
  }
  return counts;
}

const split = (perInstance: Record<string, number>) => {
  const total = Object.values(perInstance).reduce((a, b) => a + b, 0);
  return total ? Object.values(perInstance).map((n) => fmt((100 * n) / total, 0)).join('/') : '-';
};

const fmt = (v: number, d: number) => (Number.isFinite(v) ? v.toFixed(d) : '-');

function printGrid(head: string[], body: string[][], right: Set<number>) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const fmtRow = (cells: string[]) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(`\n${fmtRow(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const b of body) console.log(fmtRow(b));
}

function printTable(rows: Row[]) {
  const head = ['scenario', 'kind', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'q left', '% Fastify', 'target', 'result'];
  const body = rows.map((r) => {
    const t = TARGET[r.kind];
    const target = r.kind === 'mixed' ? 'each part' : r.kind === 'write' ? `p99<${t.p99}` : `>=${t.share}% p99<${t.p99}`;
    return [r.name, r.kind, fmt(r.rps, 0), fmt(r.p50, 1), fmt(r.p99, 1), String(r.errors + r.non2xx), String(r.stillRunning), fmt(r.share, 1), target,
      r.pass ? 'PASS' : `FAIL (${r.why.join(', ')})`];
  });
  printGrid(head, body, new Set([2, 3, 4, 5, 6, 7]));
}

function printMultiTable(rows: MultiRow[]) {
  const n = INSTANCES;
  const head = ['scenario', 'kind', '1: req/s', '1: p99 ms', '1: % Fastify', `${n}: req/s`, `${n}: p99 ms`, `${n}: % Fastify`, `${n}/1`, 'errors', 'split %', 'q left'];
  const body = rows.map((r) => [
    r.name, r.kind, fmt(r.one.rps, 0), fmt(r.one.p99, 1), fmt(r.one.share, 1), fmt(r.all.rps, 0), fmt(r.all.p99, 1), fmt(r.all.share, 1), fmt(r.ratio, 2),
    `${r.one.errors + r.one.non2xx}/${r.all.errors + r.all.non2xx}`, split(r.all.perInstance), `${r.one.stillRunning}/${r.all.stillRunning}`,
  ]);
  printGrid(head, body, new Set([2, 3, 4, 5, 6, 7, 8, 9, 11]));
}

main().catch((e) => {
  console.error(e);
  killAll();
  process.exit(1);
});
