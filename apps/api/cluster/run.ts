/**
 * `npm run test:cluster`: two API instances behind nginx (deploy/nginx.conf) on one PostgreSQL, one
 * Redis and one S3-compatible object store, the way docs describe a deployment, checked from outside:
 *
 *  - both instances start at once on an empty database (migrations run once, under the advisory lock)
 *  - requests through nginx alternate between the instances (nginx's access log names the upstream)
 *  - a photo uploaded through one instance is served by the other (object storage, not a local disk)
 *  - a project published through one is approved and applied to through the other
 *  - the per-e-mail log-in limit is shared (Redis), whichever instance the attempts reach
 *  - a Stripe webhook delivered twice, once to each instance, credits once
 *  - both instances run the e-mail worker and every e-mail is sent once
 *  - an instance killed (SIGKILL) under load, and another stopped gracefully (SIGTERM): no failed request
 *  - deleting the account deletes its objects from the store
 *
 * Needs nginx (Debian's package), PostgreSQL (CLUSTER_PG_URL or DATABASE_URL's server; a scratch
 * database is created and dropped) and Redis (REDIS_URL, default redis://127.0.0.1:6379; the script
 * uses database 13 of it and empties it). The S3 server (s3rver) and the SMTP receiver run in this process.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import Stripe from 'stripe';
import { Redis } from 'ioredis';
import { startSmtp } from '../src/test/smtp';
import { spawn } from 'node:child_process';
import { freePort, ROOT, safeRead, startApi, startNginx, stopProcess, waitFor, type Proc } from './stack';

const PG_URL = process.env.CLUSTER_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_BASE = (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '');
const REDIS_URL = `${REDIS_BASE}/13`;
const BUCKET = 'tecnicocerto-cluster';
const WEBHOOK_SECRET = 'whsec_cluster_test';
const JWT_SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Segura#123';

let failures = 0;
const results: string[] = [];
function check(name: string, ok: boolean, detail = '') {
  const line = `${ok ? '✓' : '✗'} ${name}${detail ? ` (${detail})` : ''}`;
  results.push(line);
  console.log(line);
  if (!ok) failures++;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let data: Json = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { raw: text };
  }
  return { status: res.status, data, headers: res.headers, bytes: Buffer.from(text, 'latin1') };
}

async function getBytes(url: string) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
}

/** Files under the S3 server's directory whose path contains `key` (s3rver keeps objects as files). */
function objectsNamed(dir: string, key: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      // s3rver keeps an object's bytes in <key>._S3rver_object (its metadata beside it).
      else if ((p.includes(key) && !p.includes('._S3rver_')) || p.endsWith(`${key}._S3rver_object`)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'tc-cluster-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const c of cleanups.reverse())
      await Promise.resolve()
        .then(c)
        .catch((e) => console.error('cleanup:', e.message));
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    // --- Shared services ---------------------------------------------------------------------
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const dbName = `tc_cluster_${Date.now()}_${randomBytes(2).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${dbName}`;
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });

    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.flushdb();
    cleanups.push(async () => {
      await redis.flushdb();
      redis.disconnect();
    });

    const s3Dir = join(work, 's3');
    const { default: S3rver } = await import('s3rver');
    const s3Port = await freePort();
    const s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3.run();
    cleanups.push(() => s3.close());

    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());

    // Stripe's API stand-in: Checkout Sessions are created here (the webhook is what this test is about).
    let session = 0;
    const stripeApi: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = `cs_cluster_${++session}`;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, payment_status: 'unpaid' }));
      });
    });
    await new Promise<void>((r) => stripeApi.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise((r) => stripeApi.close(r)));

    // --- Two instances and the balancer ---------------------------------------------------------
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const env: Record<string, string> = {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      JWT_SECRET,
      DATA_DIR: join(work, 'data'),
      SEED_DEMO: 'false',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${portLb}`,
      SMTP_URL: smtp.url,
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      STRIPE_SECRET_KEY: 'sk_test_cluster',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${(stripeApi.address() as { port: number }).port}`,
      NOTIFICATIONS_WORKER: 'true',
      NOTIFICATIONS_POLL_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '10000',
    };
    // Each instance its own data folder: nothing may depend on a disk the other cannot see.
    const api = (name: string, port: number) => startApi(name, port, { ...env, DATA_DIR: join(work, `data-${name}`) });
    const instances: Record<'A' | 'B', Proc> = { A: api('A', portA), B: api('B', portB) };
    cleanups.push(() => Promise.all(Object.values(instances).map((p) => stopProcess(p, 'SIGKILL'))));
    // Started together on an empty database: one migrates under the advisory lock, the other waits.
    await Promise.all([waitFor(instances.A, '/api/ready'), waitFor(instances.B, '/api/ready')]);
    const migDb = new pg.Client({ connectionString: dbUrl.toString() });
    await migDb.connect();
    cleanups.push(() => migDb.end());
    const applied = await migDb.query(`select count(*)::int n, count(distinct hash)::int d from drizzle.__drizzle_migrations`);
    check(
      'both instances started together on an empty database; every migration applied once',
      applied.rows[0].n > 0 && applied.rows[0].n === applied.rows[0].d,
      `${applied.rows[0].n} migrations`,
    );

    const lb = await startNginx({ listen: portLb, upstreams: [portA, portB], dir: join(work, 'nginx') });
    cleanups.push(() => stopProcess(lb, 'SIGQUIT', 5000));
    const LB = lb.base;
    const A = instances.A.base,
      B = instances.B.base;

    for (const [n, p] of Object.entries(instances)) {
      const r = await call(p.base, 'GET', '/api/ready');
      check(
        `instance ${n} ready: database, Redis and object storage reachable`,
        r.status === 200 && r.data.redis === 'ok' && r.data.armazenamento === 'ok',
        JSON.stringify(r.data),
      );
    }

    // --- Alternation through nginx ---------------------------------------------------------------
    for (let i = 0; i < 10; i++) await call(LB, 'GET', '/api/health');
    await sleep(100);
    const seen = new Set([...safeRead(lb.accessLog).matchAll(/"GET \/api\/health HTTP\/1\.1" 200 .* upstream=(\S+)/g)].map((m) => m[1]));
    check('requests through nginx reach both instances', seen.has(`127.0.0.1:${portA}`) && seen.has(`127.0.0.1:${portB}`), [...seen].join(', '));

    // --- Accounts -------------------------------------------------------------------------------
    const inboxFor = async (email: string, subject: RegExp, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const m = smtp.inbox.find((x) => x.to === email && subject.test(x.subject));
        if (m) return m;
        await sleep(100);
      }
      return undefined;
    };
    // Each registration comes from its own visitor address (X-Forwarded-For through nginx, trusted
    // from nginx only): the per-IP sign-up limit counts visitors, not the balancer.
    let visitor = 0;
    const register = async (base: string, tipo: 'cliente' | 'profissional', extra: Json = {}) => {
      const email = `${tipo}.${randomBytes(4).toString('hex')}@exemplo.pt`;
      const body =
        tipo === 'cliente'
          ? { nome: 'Cliente Cluster', email, senha: PASSWORD, aceitaTermos: true }
          : { nome: 'Profissional Cluster', email, senha: PASSWORD, cidade: 'Lisboa', bairro: 'Lisboa', aceitaTermos: true, ...extra };
      const r = await call(base, 'POST', `/api/${tipo}/register`, { json: body, headers: { 'x-forwarded-for': `198.51.100.${++visitor}` } });
      if (r.status !== 201) throw new Error(`register ${tipo}: ${r.status} ${JSON.stringify(r.data)}`);
      return { id: r.data.id as number, token: r.data.access_token as string, email };
    };

    // A client confirms the e-mail from the mail the worker (of either instance) sent.
    const client = await register(LB, 'cliente');
    const confirmMail = await inboxFor(client.email, /confirm/i);
    const link = confirmMail?.text.match(/https?:\/\/\S+\/confirmar-email\?t=[\w.-]+/)?.[0];
    const confirmed = link ? await call(B, 'POST', `/api/cliente/confirmar-email${new URL(link).search}`) : undefined;
    check('the confirmation e-mail arrives and its link works on the other instance', confirmed?.status === 200, `${confirmed?.status}`);

    // --- Photo through A, served by B -------------------------------------------------------------
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 20 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('id', String(client.id));
    form.set('telefone', '+351912345678');
    form.set('foto', new Blob([jpeg], { type: 'image/jpeg' }), 'eu.jpg');
    const up = await call(A, 'PUT', '/api/cliente/complete-profile', { token: client.token, form });
    const fotoUrl = up.data.fotoUrl as string | undefined;
    const viaA = fotoUrl ? await getBytes(`${A}${fotoUrl}`) : undefined;
    const viaB = fotoUrl ? await getBytes(`${B}${fotoUrl}`) : undefined;
    check(
      'a photo uploaded through instance A is served by instance B, byte for byte',
      up.status === 200 && viaB?.status === 200 && viaB.type === 'image/webp' && !!viaA && viaA.data.equals(viaB.data),
      `upload ${up.status}, B ${viaB?.status}`,
    );
    const viaLb = fotoUrl ? await Promise.all([1, 2, 3, 4].map(() => getBytes(`${LB}${fotoUrl}`))) : [];
    check('and through nginx, whichever instance answers', viaLb.length === 4 && viaLb.every((r) => r.status === 200 && viaA?.data.equals(r.data)));
    const fotoKey = fotoUrl?.split('/').pop() ?? 'sem-chave';
    check(
      'the photo is an object in the bucket, not a file on an instance',
      objectsNamed(s3Dir, fotoKey).length === 1 && objectsNamed(join(work, 'data-A'), fotoKey).length === 0,
    );

    // --- Admin ----------------------------------------------------------------------------------
    const adminEmail = `admin.${randomBytes(3).toString('hex')}@exemplo.pt`;
    const adminCode = await runToEnd(['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', '--email', adminEmail, '--nome', 'Admin Cluster'], {
      ...env,
      ADMIN_PASSWORD: PASSWORD,
    });
    const adminLogin = await call(LB, 'POST', '/api/auth/login', { json: { email: adminEmail, senha: PASSWORD, tipo: 'admin' } });
    check(
      'npm run admin:create against the shared database; the admin logs in through nginx',
      adminCode === 0 && adminLogin.status === 200,
      `exit ${adminCode}, login ${adminLogin.status}`,
    );
    const adminToken = adminLogin.data.access_token as string;

    // --- Credits: the webhook delivered to both instances credits once ----------------------------
    const pro = await register(LB, 'profissional');
    const checkout = await call(A, 'POST', '/api/stripe/checkout', { token: pro.token, json: { pacote: 'Elite', metodo: 'card' } });
    const sdk = new Stripe('sk_test_cluster');
    const payload = JSON.stringify({
      id: `evt_cluster_${randomBytes(4).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          object: 'checkout.session',
          id: `cs_cluster_${session}`,
          currency: 'eur',
          amount_total: 12000,
          payment_status: 'paid',
          metadata: { paymentId: String(checkout.data.pagamentoId) },
          client_reference_id: String(checkout.data.pagamentoId),
        },
      },
    });
    // Sent at the same moment to both: the payment row's state transition decides.
    const [w1, w2] = await Promise.all([rawPost(`${A}/api/stripe/webhook`, payload, sdk), rawPost(`${B}/api/stripe/webhook`, payload, sdk)]);
    const bal = await call(B, 'GET', `/api/subscriptions/credito/${pro.id}`, { token: pro.token });
    const hist = await call(A, 'GET', `/api/creditos/historico/${pro.id}`, { token: pro.token });
    check(
      'a Stripe webhook delivered to both instances at once credits once',
      checkout.status === 200 && w1 === 200 && w2 === 200 && bal.data.creditosRestantes === 150 && hist.data.items?.length === 1,
      `checkout ${checkout.status}, webhooks ${w1}/${w2}, balance ${bal.data.creditosRestantes}, ledger lines ${hist.data.items?.length}`,
    );

    // --- A project through A, approved through B, applied to through nginx ------------------------
    const pub = await call(A, 'POST', '/api/requests/create', {
      token: client.token,
      json: {
        titulo: 'Quadro elétrico a disparar',
        descricao: 'O disjuntor geral dispara quando ligo o forno.',
        cidade: 'Lisboa',
        bairro: 'Lisboa',
        especialidade: 'substituicao-quadros-eletricos',
        contato: '+351912345678',
        tempo: 'URGENTE',
      },
    });
    const appr = await call(B, 'PATCH', `/api/requests/${pub.data.id}/aprovar`, { token: adminToken, json: { creditos: 10 } });
    const seenByPro = await call(A, 'GET', `/api/requests/${pub.data.id}`, { token: pro.token });
    const applyRes = await call(LB, 'POST', '/api/creditos/usar', { token: pro.token, json: { requestId: pub.data.id } });
    const applicants = await call(B, 'GET', `/api/requests/${pub.data.id}/profissionais`, { token: client.token });
    check(
      'a project published through A is approved through B and applied to through nginx; B lists the applicant',
      pub.status === 201 &&
        appr.status === 200 &&
        seenByPro.status === 200 &&
        applyRes.status === 201 &&
        applyRes.data.contato === '+351912345678' &&
        Array.isArray(applicants.data) &&
        applicants.data.some((x: Json) => x.id === pro.id),
      `publish ${pub.status}, approve ${appr.status}, read ${seenByPro.status}, apply ${applyRes.status}, applicants ${applicants.status}`,
    );
    const again = await call(B, 'POST', '/api/creditos/usar', { token: pro.token, json: { requestId: pub.data.id } });
    check(
      'applying again through the other instance is refused and spends nothing',
      again.status === 409 && (await call(A, 'GET', `/api/subscriptions/credito/${pro.id}`, { token: pro.token })).data.creditosRestantes === 140,
    );
    const newsToClient = await inboxFor(client.email, /candidatou-se/);
    const receipt = await inboxFor(pro.email, /Pagamento confirmado/);
    check('the notification workers mailed the client (new applicant) and the professional (payment receipt)', !!newsToClient && !!receipt);

    // --- Shared log-in limit ----------------------------------------------------------------------
    const target = await register(LB, 'profissional');
    const wrong = async (base: string) =>
      (await call(base, 'POST', '/api/auth/login', { json: { email: target.email, senha: 'Errada#123', tipo: 'profissional' } })).status;
    const attempts: number[] = [];
    for (let i = 0; i < 5; i++) attempts.push(await wrong(i % 2 ? B : A));
    const sixthA = await wrong(A),
      sixthB = await wrong(B);
    check(
      'the per-account log-in limit is shared: 5 failures spread over both instances lock the 6th on either',
      attempts.every((s) => s === 401) && sixthA === 429 && sixthB === 429,
      `${attempts.join(',')} then A ${sixthA}, B ${sixthB}`,
    );

    // --- Every e-mail once, with two workers -------------------------------------------------------
    const many = await Promise.all(Array.from({ length: 20 }, () => register(LB, 'cliente')));
    const until = Date.now() + 20_000;
    const got = () => many.filter((c) => smtp.inbox.some((m) => m.to === c.email)).length;
    while (got() < many.length && Date.now() < until) await sleep(100);
    await sleep(1500); // several more polls of both workers: a duplicate would have arrived by now
    const perRecipient = new Map<string, number>();
    for (const m of smtp.inbox) perRecipient.set(`${m.to}|${m.subject}`, (perRecipient.get(`${m.to}|${m.subject}`) ?? 0) + 1);
    const dupes = [...perRecipient].filter(([, n]) => n > 1);
    check(
      'two instances running the e-mail worker send each e-mail once',
      got() === many.length && dupes.length === 0,
      `${got()}/${many.length} confirmation mails, ${smtp.inbox.length} mails in all, duplicates: ${dupes.map(([k, n]) => `${k}×${n}`).join('; ') || 'none'}`,
    );

    // --- Instances going away under load -----------------------------------------------------------
    const load = async (ms: number, during: () => Promise<void>) => {
      const stopAt = Date.now() + ms;
      const stats = { ok: 0, failed: 0, codes: new Map<string, number>() };
      const paths = ['/api/profissional/top-avaliados', '/api/review/recent', `/api/requests/${pub.data.id}`, '/api/health'];
      const worker = async (k: number) => {
        for (let i = k; Date.now() < stopAt; i++) {
          const path = paths[i % paths.length];
          try {
            const r = await fetch(`${LB}${path}`, {
              headers: path.startsWith('/api/requests/') ? { authorization: `Bearer ${client.token}` } : {},
              signal: AbortSignal.timeout(10_000),
            });
            await r.arrayBuffer();
            if (r.ok) stats.ok++;
            else {
              stats.failed++;
              stats.codes.set(String(r.status), (stats.codes.get(String(r.status)) ?? 0) + 1);
            }
          } catch (e) {
            stats.failed++;
            stats.codes.set((e as Error).name, (stats.codes.get((e as Error).name) ?? 0) + 1);
          }
        }
      };
      await Promise.all([
        ...Array.from({ length: 12 }, (_, k) => worker(k)),
        (async () => {
          await sleep(1500);
          await during();
        })(),
      ]);
      return stats;
    };
    const killed = await load(5000, async () => {
      instances.A.proc.kill('SIGKILL');
    });
    check(
      'instance A killed (SIGKILL) under load: instance B answers every request',
      killed.failed === 0 && killed.ok > 100,
      `${killed.ok} answered, ${killed.failed} failed ${JSON.stringify([...killed.codes])}`,
    );

    instances.A = api('A', portA);
    await waitFor(instances.A, '/api/ready');
    // nginx skips a failed server for fail_timeout (10 s) before trying it again: wait until the
    // restarted A takes requests through the balancer, as an operator would before the next stop.
    const upstreamOf = (path: string) =>
      [...safeRead(lb.accessLog).matchAll(new RegExp(`"GET ${path} HTTP/1\\.1" 200 .* upstream=(\\S+)`, 'g'))].map((m) => m[1]);
    const backUntil = Date.now() + 30_000;
    for (let i = 0; Date.now() < backUntil; i++) {
      await call(LB, 'GET', `/api/health?regresso=${i}`);
      if (upstreamOf(`/api/health\\?regresso=${i}`).includes(`127.0.0.1:${portA}`)) break;
      await sleep(250);
    }
    let exitB: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let inFlight: number[] = [];
    const drained = await load(5000, async () => {
      // Log-ins (a POST nginx would not retry, slow on purpose: password hashing) sent straight to
      // B just before its SIGTERM must still be answered: B finishes what it accepted.
      const logins = Array.from({ length: 4 }, () =>
        call(B, 'POST', '/api/auth/login', { json: { email: pro.email, senha: PASSWORD, tipo: 'profissional' } }).then(
          (r) => r.status,
          () => 0,
        ),
      );
      await sleep(30);
      exitB = await stopProcess(instances.B, 'SIGTERM');
      inFlight = await Promise.all(logins);
    });
    check(
      'instance B stopped gracefully (SIGTERM) under load: requests in flight on B finish, none through nginx fails, B exits cleanly',
      drained.failed === 0 && exitB?.code === 0 && drained.ok > 100 && inFlight.every((c) => c === 200),
      `${drained.ok} answered, ${drained.failed} failed ${JSON.stringify([...drained.codes])}, in flight on B: ${inFlight.join(',')}, exit ${JSON.stringify(exitB)}${exitB?.code ? `\n${instances.B.tail.slice(-15).join('\n')}` : ''}`,
    );
    instances.B = api('B', portB);
    await waitFor(instances.B, '/api/ready');

    // --- Account deletion removes the objects -----------------------------------------------------
    const before = objectsNamed(s3Dir, fotoKey).length;
    const del = await call(B, 'DELETE', '/api/cliente/delete-account', { token: client.token, json: { senha: PASSWORD } });
    const gone = await getBytes(`${A}${fotoUrl}`);
    check(
      'deleting the account through B deletes its photo from the bucket; A no longer serves it',
      before === 1 && del.status < 300 && objectsNamed(s3Dir, fotoKey).length === 0 && gone.status === 404,
      `delete ${del.status}, objects ${before} → ${objectsNamed(s3Dir, fotoKey).length}, A ${gone.status}`,
    );

    // --- Backup and restore, with the README's commands ---------------------------------------------
    const dump = join(work, 'backup.dump');
    const restoredName = `${dbName}_restaurada`;
    const restoredUrl = new URL(dbUrl.toString());
    restoredUrl.pathname = `/${restoredName}`;
    const dumpCode = await runCommand('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, dbUrl.toString()]);
    await admin.query(`create database ${restoredName}`);
    cleanups.push(() => admin.query(`drop database if exists ${restoredName} with (force)`));
    const restoreCode = await runCommand('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl.toString()}`, dump]);
    const counts = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (
          await c.query(`select (select count(*) from clientes)::int c, (select count(*) from profissionais)::int p, (select count(*) from requests)::int r,
          (select count(*) from credit_ledger)::int l, (select coalesce(sum(creditos_restantes), 0) from subscriptions)::int s`)
        ).rows[0];
      } finally {
        await c.end();
      }
    };
    const [live, restored] = [await counts(dbUrl.toString()), await counts(restoredUrl.toString())];
    check(
      'pg_dump of the live database restores with pg_restore into an empty one, rows and balances equal',
      dumpCode === 0 && restoreCode === 0 && JSON.stringify(live) === JSON.stringify(restored) && live.l > 0,
      `${JSON.stringify(live)} → ${JSON.stringify(restored)}`,
    );
  } catch (e) {
    failures++;
    console.error('✗ the cluster test stopped:', e);
  } finally {
    await cleanup();
  }
  console.log(`\n${results.length - Math.min(failures, results.length)}/${results.length} checks passed.`);
  process.exit(failures ? 1 : 0);
}

/** POST of the raw payload with a fresh Stripe signature; the status code. */
async function rawPost(url: string, payload: string, sdk: Stripe) {
  const res = await fetch(url, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
  });
  await res.arrayBuffer();
  return res.status;
}

/** An installed program (pg_dump, pg_restore) run to its end; its exit code (its errors are shown). */
function runCommand(cmd: string, args: string[]) {
  return new Promise<number | null>((ok) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    p.on('error', () => ok(-1));
    p.on('exit', (code) => ok(code));
  });
}

/** A command of ours (e.g. npm run admin:create's script) run to its end; its exit code. */
function runToEnd(args: string[], env: Record<string, string>) {
  return new Promise<number | null>((ok) => {
    const p = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env }, stdio: 'ignore' });
    p.on('exit', (code) => ok(code));
  });
}

void main();
