import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_KINDS_BY_ROLE, type Role, type SwitchableKind } from '@tc/shared';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { executeShape } from '../../db/prepared';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mailer';
import { fanOutNewProject, JOB_ALERT_BATCH } from './notify';
import { digestSubject, renderMail, renderStored } from './templates';
import { unsubscribeToken } from './unsubscribe';

/** What the worker needs of the app (the CLI builds the same from the environment). */
export interface OutboxDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  env: Env;
  hashKey: string;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** Waits after the 1st, 2nd... failed attempt; after the last one the mail is FALHADO. */
export const BACKOFF_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600] as const;
/** A claimed mail not settled within this time belongs to a worker that died: it goes back to the queue. */
export const LEASE_MS = 10 * 60_000;
const BATCH = 50;
/**
 * The most lines one digest mail carries; more wait for the next mail (sent in the same drain). A
 * digest of thousands of lines (a flood of new projects for the admins) is unreadable, and claiming it
 * whole locked and rewrote every line in one statement that ran for seconds.
 */
export const DIGEST_MAX_LINES = 100;
/**
 * Settled mails (sent, merged into a digest, given up) are kept this long, then deleted: each holds an
 * address and a whole text (the privacy page says so). An event's key is never reused after that long.
 */
export const SENT_MAIL_RETENTION_DAYS = 90;
/** The bell's notifications (read or not) are kept as long as the copies of the e-mails. */
export const BELL_RETENTION_DAYS = SENT_MAIL_RETENTION_DAYS;
/**
 * Job alerts ("Novo projeto na sua zona", bell and e-mail) are kept a week: by then the job is taken
 * or full, and they are most of what the notification tables hold (a project tells every professional
 * of its district and specialty, ~740 on the generated data: 90 days of them were ~120 M rows in each
 * table). Decisions 0006 and 0010.
 */
export const JOB_ALERT_RETENTION_DAYS = 7;
const PRUNE_BATCH = 1000;
/**
 * The job alert's kind: a queue of its own when mails are claimed, a week's retention. A literal in
 * the statements, as in the partial indexes' predicates: the planner proves such an index from the text.
 */
const JOB_ALERT = sql.raw(`'novo_projeto_na_zona'`);
/** Batches of old bell notifications deleted per call (once a minute): a new project tells every professional of its zone. */
const BELL_PRUNE_BATCHES = 10;

interface OutboxRow {
  id: number;
  destinatario_tipo: Role | null;
  destinatario_id: number | null;
  email: string;
  tipo: string;
  /** Null for a stored kind: rendered from `dados` when sent. */
  assunto: string | null;
  texto: string | null;
  html: string | null;
  dados: unknown;
  resumo: string | null;
}

/** A line's subject and fragment: as stored, or rendered now from its data (templates.ts). */
function textsOf(r: OutboxRow): { assunto: string; html: string; text: string } {
  if (r.assunto !== null && r.texto !== null && r.html !== null) return { assunto: r.assunto, html: r.html, text: r.texto };
  const x = renderStored(r.tipo, r.dados);
  // Thrown inside the send's try: the line is retried, then marked FALHADO, with this reason.
  if (!x) throw new Error(`e-mail ${r.id} sem texto nem dados legíveis (${r.tipo})`);
  return { assunto: x.assunto, html: x.fragment.html, text: x.fragment.text };
}

const iso = (d: Date) => d.toISOString();
export const publicBase = (env: Env) => (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
const mailDomain = (from: string) => /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'tecnicocerto.pt';

/** Rows claimed by a worker whose lease ran out (it crashed or hung) are put back in the queue. */
export async function requeueStuck(deps: Pick<OutboxDeps, 'db' | 'clock'>): Promise<number> {
  const res = await deps.db.execute(sql`
    update email_outbox set estado = 'PENDENTE' where estado = 'A_ENVIAR' and proxima_tentativa <= ${iso(deps.clock.now())}::timestamptz returning id`);
  return res.rows.length;
}

/**
 * Deletes settled mails older than SENT_MAIL_RETENTION_DAYS, oldest first, at most `limit` a call. It
 * walks the primary key (ids grow with time) up to the first line inside the retention, so it needs no
 * index of its own and the walk stays short once the old lines are gone. Lines still waiting stay.
 */
export async function pruneSentMail(deps: Pick<OutboxDeps, 'db' | 'clock'>, limit = PRUNE_BATCH): Promise<number> {
  const cutoff = iso(new Date(deps.clock.now().getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000));
  const res = await deps.db.execute(sql`
    delete from email_outbox where id in (
      select id from email_outbox
      where id < coalesce((select id from email_outbox where criado_em >= ${cutoff}::timestamptz order by id limit 1), 2147483647)
        and criado_em < ${cutoff}::timestamptz and estado in ('ENVIADO', 'AGRUPADO', 'FALHADO')
      order by id limit ${limit}::int)
    returning id`);
  return res.rows.length;
}

/**
 * Deletes the bell's notifications older than BELL_RETENTION_DAYS, oldest first, `limit` at a time, up
 * to BELL_PRUNE_BATCHES times a call. Without it the table only grew: a project's approval tells every
 * professional of its specialty and district (about 760 rows in Lisbon on the generated data). Walks
 * the primary key like pruneSentMail. Returns how many went.
 */
export async function pruneOldBells(deps: Pick<OutboxDeps, 'db' | 'clock'>, limit = PRUNE_BATCH, batches = BELL_PRUNE_BATCHES): Promise<number> {
  const cutoff = iso(new Date(deps.clock.now().getTime() - BELL_RETENTION_DAYS * 86_400_000));
  let total = 0;
  for (let i = 0; i < batches; i++) {
    const res = await deps.db.execute(sql`
      delete from notificacoes where id in (
        select id from notificacoes
        where id < coalesce((select id from notificacoes where criado_em >= ${cutoff}::timestamptz order by id limit 1), 2147483647)
          and criado_em < ${cutoff}::timestamptz
        order by id limit ${limit}::int)
      returning id`);
    total += res.rows.length;
    if (res.rows.length < limit) break;
  }
  return total;
}

/**
 * Deletes job alerts older than JOB_ALERT_RETENTION_DAYS, oldest first, `limit` at a time up to
 * `batches` times per table: their bell rows, and their e-mails once settled (one still waiting stays,
 * as in pruneSentMail). Through the partial indexes on their date (migration 0029): a call with
 * nothing to delete reads one index entry. At ~1.2 M alerts a day (the generated data) a call a minute
 * deletes up to 14 M a day from each table. Returns how many went from both.
 */
export async function pruneJobAlerts(deps: Pick<OutboxDeps, 'db' | 'clock'>, limit = PRUNE_BATCH, batches = BELL_PRUNE_BATCHES): Promise<number> {
  const cutoff = iso(new Date(deps.clock.now().getTime() - JOB_ALERT_RETENTION_DAYS * 86_400_000));
  const oldest = {
    bells: sql`select id from notificacoes where tipo = ${JOB_ALERT} and criado_em < ${cutoff}::timestamptz order by criado_em limit ${limit}::int`,
    mails: sql`select id from email_outbox where tipo = ${JOB_ALERT} and criado_em < ${cutoff}::timestamptz
      and estado in ('ENVIADO', 'AGRUPADO', 'FALHADO') order by criado_em limit ${limit}::int`,
  };
  let total = 0;
  for (const [table, ids] of [
    [sql.raw('notificacoes'), oldest.bells],
    [sql.raw('email_outbox'), oldest.mails],
  ] as const) {
    for (let i = 0; i < batches; i++) {
      const res = await deps.db.execute(sql`delete from ${table} where id in (${ids}) returning id`);
      total += res.rows.length;
      if (res.rows.length < limit) break;
    }
  }
  return total;
}

/** Batches of job alerts (JOB_ALERT_BATCH professionals each) one pass writes at most. */
export const JOB_ALERTS_PER_PASS = 5;

/**
 * Writes up to `max` batches of job alerts, oldest queued project first (job_alert_queue), each batch
 * in its own transaction with the queue's row moved on (`depois_de`) or, after the zone's last
 * batch, deleted in it: taken FOR UPDATE SKIP LOCKED, so two workers never take the same project and
 * a crash leaves it queued where it was. Returns how many batches were written.
 */
export async function fanOutJobAlerts(deps: Pick<OutboxDeps, 'db'>, max = JOB_ALERTS_PER_PASS, batch = JOB_ALERT_BATCH): Promise<number> {
  let done = 0;
  while (done < max) {
    const took = await deps.db.transaction(async (tx) => {
      const [next] = (
        await tx.execute<{ request_id: number; visivel_em: string | Date; depois_de: number }>(sql`
          select request_id, visivel_em, depois_de from job_alert_queue order by visivel_em limit 1 for update skip locked`)
      ).rows;
      if (!next) return false;
      const id = Number(next.request_id);
      const told = await fanOutNewProject(tx, id, new Date(next.visivel_em), Number(next.depois_de), batch);
      if (told && told.n === batch) await tx.execute(sql`update job_alert_queue set depois_de = ${told.ultimo} where request_id = ${id}`);
      else await tx.execute(sql`delete from job_alert_queue where request_id = ${id}`);
      return true;
    });
    if (!took) break;
    done++;
  }
  return done;
}

/**
 * Claims due mails so that no other worker (another instance, the `npm run worker` process) takes
 * the same ones: FOR UPDATE SKIP LOCKED, then A_ENVIAR with a lease until `now + LEASE_MS`.
 * A person's own news first, oldest first, then job alerts to fill the batch: a project's approval
 * queues hundreds of alerts at once, and a client's new applicant or a professional being chosen
 * waited behind them (minutes, at the generated volume). Each queue has its partial index
 * (migration 0032). A digest's other pending lines (same `resumo`) come along, up to DIGEST_MAX_LINES
 * of each.
 */
async function claim(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const lease = iso(new Date(now.getTime() + LEASE_MS));
  const cols = sql.raw('id, destinatario_tipo, destinatario_id, email, tipo, assunto, texto, html, dados, resumo');
  const due = await db.execute<OutboxRow & Record<string, unknown>>(sql`
    with pessoais as (
      select id from email_outbox where estado = 'PENDENTE' and tipo <> ${JOB_ALERT} and proxima_tentativa <= ${iso(now)}::timestamptz
      order by proxima_tentativa, id limit ${limit}::int for update skip locked
    ), alertas as (
      select id from email_outbox where estado = 'PENDENTE' and tipo = ${JOB_ALERT} and proxima_tentativa <= ${iso(now)}::timestamptz
      order by proxima_tentativa, id limit (${limit}::int - (select count(*) from pessoais)) for update skip locked
    )
    update email_outbox set estado = 'A_ENVIAR', proxima_tentativa = ${lease}::timestamptz
    where id in (select id from pessoais union all select id from alertas)
    returning ${cols}`);
  const rows = due.rows as OutboxRow[];
  const keys = [...new Set(rows.map((r) => r.resumo).filter((k): k is string => !!k))];
  if (keys.length) {
    // Oldest first, through email_outbox_resumo_idx (resumo, id), each digest on its own.
    const more = await db.execute<OutboxRow & Record<string, unknown>>(sql`
      update email_outbox set estado = 'A_ENVIAR', proxima_tentativa = ${lease}::timestamptz
      where id in (
        select x.id from unnest(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[]) k(resumo)
        cross join lateral (
          select id from email_outbox where estado = 'PENDENTE' and resumo = k.resumo order by id limit ${DIGEST_MAX_LINES} for update skip locked
        ) x)
      returning ${cols}`);
    rows.push(...(more.rows as OutboxRow[]));
  }
  return rows.map((r) => ({ ...r, id: Number(r.id), destinatario_id: r.destinatario_id === null ? null : Number(r.destinatario_id) }));
}

/** Mails to send: each line alone, or the lines of one digest together (oldest first, DIGEST_MAX_LINES a mail). */
function groupsOf(rows: OutboxRow[]): OutboxRow[][] {
  const byKey = new Map<string, OutboxRow[]>();
  const out: OutboxRow[][] = [];
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    if (!r.resumo) {
      out.push([r]);
      continue;
    }
    let g = byKey.get(r.resumo);
    if (!g) byKey.set(r.resumo, (g = []));
    g.push(r);
  }
  for (const g of byKey.values()) for (let i = 0; i < g.length; i += DIGEST_MAX_LINES) out.push(g.slice(i, i + DIGEST_MAX_LINES));
  return out;
}

function compose(deps: OutboxDeps, group: OutboxRow[]) {
  const lead = group[0]!;
  const base = publicBase(deps.env);
  const digest = lead.resumo?.startsWith('admin:') ? ('admin' as const) : lead.resumo ? ('diario' as const) : undefined;
  const role = lead.destinatario_tipo;
  const allowed: readonly string[] = role ? NOTIFICATION_KINDS_BY_ROLE[role] : [];
  const kinds = [...new Set(group.map((r) => r.tipo))].filter((k) => allowed.includes(k)) as SwitchableKind[];
  const cancelUrl =
    role && lead.destinatario_id && kinds.length
      ? `${base}/api/notificacoes/cancelar?t=${unsubscribeToken(deps.hashKey, { tipo: role, id: lead.destinatario_id, kinds })}`
      : undefined;
  const texts = group.map(textsOf);
  const { html, text } = renderMail({ rows: group.map((r, i) => ({ tipo: r.tipo, html: texts[i]!.html, text: texts[i]!.text })), base, cancelUrl, digest });
  return {
    to: lead.email,
    subject: digest && group.length > 1 ? digestSubject(digest, group.length) : digest === 'admin' ? digestSubject('admin', 1) : texts[0]!.assunto,
    html,
    text,
    // The same line always carries the same id: a mail re-sent after a crash is recognisably the same mail.
    messageId: `<outbox-${lead.id}@${mailDomain(deps.env.MAIL_FROM)}>`,
    headers: cancelUrl ? { 'List-Unsubscribe': `<${cancelUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  };
}

/**
 * Sent mails are recorded SETTLE_EVERY at a time (and the rest when the pass ends): one statement and
 * one commit for ten mails, not one each. Each commit waits for the WAL to reach the disk, and the
 * requests' commits queue behind it; a job-alert backlog is sent at hundreds of mails a second. The
 * cost: a worker that dies in the middle of a pass has sent up to this many (plus those in flight)
 * that it had not recorded yet, and they go again, with the same Message-ID, once their claim runs out.
 */
export const SETTLE_EVERY = 10;

/** A mail sent: its lines (the first is the one the mail is recorded under) and when it went. */
interface Sent {
  group: OutboxRow[];
  at: Date;
}

/**
 * Records sent mails in one statement, built once and kept prepared (executeShape): not built by
 * drizzle, parsed and planned again for each of the thousands of alerts an approval sends. Each line
 * keeps the moment its own mail went.
 */
async function settleSent(db: Db, mails: Sent[]) {
  if (!mails.length) return;
  const ids: number[] = [];
  const leads: boolean[] = [];
  const ats: string[] = [];
  for (const m of mails)
    m.group.forEach((r, i) => {
      ids.push(r.id);
      leads.push(i === 0);
      ats.push(iso(m.at));
    });
  const v = (key: string) => sql.placeholder(key);
  await executeShape(
    db,
    'outbox_sent',
    () => sql`
    update email_outbox e set estado = case when s.lead then 'ENVIADO' else 'AGRUPADO' end, enviado_em = s.at, erro = null
    from unnest(${v('ids')}::int[], ${v('leads')}::boolean[], ${v('ats')}::timestamptz[]) as s(id, lead, at)
    where e.id = s.id and e.estado = 'A_ENVIAR'`,
    { ids: `{${ids.join(',')}}`, leads: `{${leads.join(',')}}`, ats: `{${ats.map((a) => `"${a}"`).join(',')}}` },
  );
}

async function settleFailed(db: Db, group: OutboxRow[], now: Date, error: unknown) {
  const ids = group.map((r) => r.id);
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const waits = sql.raw(`array[${BACKOFF_SECONDS.join(',')}]`);
  await db.execute(sql`
    update email_outbox set
      tentativas = tentativas + 1,
      estado = case when tentativas + 1 > ${BACKOFF_SECONDS.length}::int then 'FALHADO' else 'PENDENTE' end,
      proxima_tentativa = ${iso(now)}::timestamptz + make_interval(secs => (${waits})[least(tentativas + 1, ${BACKOFF_SECONDS.length}::int)]),
      erro = ${message}
    where id = any(${`{${ids.join(',')}}`}::int[]) and estado = 'A_ENVIAR'`);
}

export interface PassResult {
  sent: number;
  failed: number;
  lines: number;
  /** Batches of job alerts written (their e-mails are sent in this pass or the next ones). */
  alertBatches: number;
}

/**
 * One pass: claim what is due (at most `limit` lines plus their digests' other lines), send each
 * mail, record the outcome. Exported so tests and the CLI can run a pass on demand.
 */
export async function runOutboxOnce(deps: OutboxDeps, opts: { limit?: number; requeue?: boolean; alertBatches?: number } = {}): Promise<PassResult> {
  const requeued = opts.requeue === false ? 0 : await requeueStuck(deps);
  if (requeued) deps.log?.warn({ n: requeued }, 'notificações: e-mails de um envio interrompido voltaram à fila');
  // First the job alerts of projects that became visible: their e-mails are then due in this pass.
  const alertBatches = await fanOutJobAlerts(deps, opts.alertBatches ?? JOB_ALERTS_PER_PASS);
  const now = deps.clock.now();
  const rows = await claim(deps.db, now, opts.limit ?? BATCH);
  const result: PassResult = { sent: 0, failed: 0, lines: rows.length, alertBatches };
  let unsettled: Sent[] = [];
  const sendOne = async (group: OutboxRow[]) => {
    try {
      await deps.mailer.send(compose(deps, group));
    } catch (e) {
      result.failed++;
      deps.log?.warn({ err: e, outbox: group.map((r) => r.id) }, 'notificações: envio falhou, nova tentativa mais tarde');
      await settleFailed(deps.db, group, deps.clock.now(), e);
      return;
    }
    result.sent++;
    unsettled.push({ group, at: deps.clock.now() });
    if (unsettled.length >= SETTLE_EVERY) {
      const mails = unsettled;
      unsettled = [];
      await settleSent(deps.db, mails);
    }
  };
  // Several mails at once (SMTP_CONNECTIONS): one at a time, each waiting for the server's answers,
  // a provider 20 ms away took ~5 mails a second, under the job alerts' million a day. One person's
  // mails stay in their order: each address's mails are sent one after the other.
  const byAddress = new Map<string, OutboxRow[][]>();
  for (const group of groupsOf(rows)) {
    const to = group[0]!.email.toLowerCase();
    const chain = byAddress.get(to);
    if (chain) chain.push(group);
    else byAddress.set(to, [group]);
  }
  const chains = [...byAddress.values()];
  const senders = Array.from({ length: Math.min(deps.env.SMTP_CONNECTIONS, chains.length) }, async () => {
    for (let chain = chains.shift(); chain; chain = chains.shift()) for (const group of chain) await sendOne(group);
  });
  // Every sender finishes, and what was sent is recorded, before a failure (the database's, when
  // settling) is passed on.
  const failure = (await Promise.allSettled(senders)).find((s) => s.status === 'rejected');
  await settleSent(deps.db, unsettled);
  if (failure) throw failure.reason;
  return result;
}

/**
 * Passes until nothing due is left (a backlog drains without waiting for the next tick). With
 * `minPassMs`, a backlog is paced: each full pass (BATCH mails, and up to DIGEST_MAX_LINES lines of
 * each digest) takes at least that long, the rest of it spent waiting (`sleep`), so that draining
 * thousands of lines leaves the database and the CPU to the requests.
 */
export async function drainOutbox(
  deps: OutboxDeps,
  opts: { requeue?: boolean; shouldStop?: () => boolean; minPassMs?: number; sleep?: (ms: number) => Promise<void>; batch?: number } = {},
): Promise<PassResult> {
  const total: PassResult = { sent: 0, failed: 0, lines: 0, alertBatches: 0 };
  // With the look for crashed workers' leftovers (once a minute in the app): old sent mails go. A
  // failure here must not stop the sending.
  if (opts.requeue !== false) {
    await pruneSentMail(deps).catch((e) => deps.log?.warn({ err: e }, 'notificações: falha ao apagar e-mails antigos'));
    await pruneOldBells(deps).catch((e) => deps.log?.warn({ err: e }, 'notificações: falha ao apagar notificações antigas'));
    await pruneJobAlerts(deps).catch((e) => deps.log?.warn({ err: e }, 'notificações: falha ao apagar alertas de projetos antigos'));
  }
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const batch = opts.batch ?? BATCH;
  for (let pass = 0; ; pass++) {
    const started = performance.now();
    const r = await runOutboxOnce(deps, { requeue: pass === 0 && opts.requeue !== false, limit: batch });
    total.sent += r.sent;
    total.failed += r.failed;
    total.lines += r.lines;
    total.alertBatches += r.alertBatches;
    if ((r.lines < batch && r.alertBatches < JOB_ALERTS_PER_PASS) || opts.shouldStop?.()) return total;
    const wait = (opts.minPassMs ?? 0) - (performance.now() - started);
    if (wait > 0) await sleep(wait);
    if (opts.shouldStop?.()) return total;
  }
}

/**
 * The in-process worker: started when the app is ready, stopped (after the pass in progress) when it
 * closes. Off with NOTIFICATIONS_WORKER=false (e.g. when `npm run worker` runs apart).
 */
export function registerOutboxWorker(app: FastifyInstance) {
  const { env } = app.ctx;
  if (!env.NOTIFICATIONS_WORKER) {
    app.addHook('onClose', async () => app.ctx.mailer.close?.());
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  // The pause between the passes of a backlog ends at once when the app closes.
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((done) => {
      const t = setTimeout(done, ms);
      wake = () => {
        clearTimeout(t);
        done();
      };
    });
  // The look for crashed workers' leftovers is a scan of the table: once a minute is plenty.
  let lastRequeue = 0;
  const tick = () => {
    const deps: OutboxDeps = { ...app.ctx, log: app.log };
    const requeue = Date.now() - lastRequeue >= 60_000;
    if (requeue) lastRequeue = Date.now();
    running = drainOutbox(deps, { requeue, shouldStop: () => stopped, minPassMs: env.NOTIFICATIONS_PASS_MS, sleep: pause })
      .then(() => undefined)
      .catch((e) => app.log.error({ err: e }, 'notificações: falha no envio de e-mails'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, env.NOTIFICATIONS_POLL_MS);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, 0);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    wake?.();
    await running;
    // After the last pass: the SMTP connections kept open would otherwise hold the process (and the
    // mail server) until their timeout. Also when the worker runs apart (`npm run worker -- --once`).
    app.ctx.mailer.close?.();
  });
}
