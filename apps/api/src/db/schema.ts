import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PlanValue } from '@tc/shared';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('criado_em', { withTimezone: true }).notNull().defaultNow();
/** Bumped on password change/reset: every session token issued before stops working. */
const sessionVersion = () => integer('sessao_versao').notNull().default(0);

export const projectStatus = pgEnum('project_status', ['ESPERA', 'ABERTO', 'CONCLUIDO']);
export const timeOption = pgEnum('time_option', ['NORMAL', 'URGENTE', 'PIQUETE', 'AVARIA']);
export const reviewStatus = pgEnum('review_status', ['ESPERA', 'APROVADO', 'NEGADO']);
export const ledgerKind = pgEnum('ledger_kind', ['COMPRA', 'CANDIDATURA', 'REEMBOLSO', 'AJUSTE']);
export const paymentStatus = pgEnum('payment_status', ['PENDENTE', 'PAGO', 'CANCELADO', 'FALHADO']);
export const verificationStatus = pgEnum('verification_status', ['PENDENTE', 'VERIFICADO', 'RECUSADO']);
export const userRole = pgEnum('user_role', ['cliente', 'profissional', 'admin']);
/** A 14-day guarantee claim (docs/decisions/0014): opened by the client, answered by the professional, closed by an admin. */
export const guaranteeStatus = pgEnum('guarantee_status', ['ABERTA', 'ACEITE', 'CONTESTADA', 'FECHADA']);

/** Folded (lower case, no accents) text that searches match with trigrams (migration 0001's f_unaccent). */
const folded = (expr: string) => sql.raw(`lower(f_unaccent(${expr}))`);
// Their gin_pending_list_limit (and the fillfactor of profissionais and subscriptions) is set in migration 0010, that of requests in 0015.
const trgm = (name: string, col: SQL) => index(name).using('gin', sql`${col} gin_trgm_ops`);
/** The lower-cased address in byte order: a prefix LIKE ('pt%') read as a range (migration 0041). */
const emailStart = (name: string, email: PgColumn) => index(name).using('btree', sql`lower(${email}) text_pattern_ops`);

export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    nome: text().notNull(),
    email: text().notNull().unique(),
    senhaHash: text('senha_hash').notNull(),
    sessaoVersao: sessionVersion(),
    telefone: text(),
    fotoKey: text('foto_key'),
    /** Set by the signed link e-mailed at sign-up; a project goes to approval only once it is set. */
    emailConfirmadoEm: timestamp('email_confirmado_em', { withTimezone: true }),
    criadoEm: createdAt(),
    /** What the admin's client search matches: the name (the e-mail has indexes of its own). */
    busca: text().generatedAlwaysAs(folded(`nome`)),
  },
  (t) => [
    trgm('clientes_busca_trgm', sql`${t.busca}`),
    trgm('clientes_email_trgm', sql`lower(${t.email})`),
    // A search of one or two letters matches the address's start (db/search.ts containsLower): the
    // trigram index cannot find it, since every address holds a word starting so ("...@exemplo.pt").
    emailStart('clientes_email_inicio_idx', t.email),
    index('clientes_criado_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const profissionais = pgTable(
  'profissionais',
  {
    id: id(),
    nome: text().notNull(),
    email: text().notNull().unique(),
    senhaHash: text('senha_hash').notNull(),
    sessaoVersao: sessionVersion(),
    cidade: text().notNull(),
    /** The district, named `bairro` by the spec's API. */
    bairro: text().notNull(),
    telefone: text(),
    bio: text(),
    fotoKey: text('foto_key'),
    especialidades: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Private storage keys of the ID card images; null once an admin has decided (DESIGN §4). */
    ccFrenteKey: text('cc_frente_key'),
    ccVersoKey: text('cc_verso_key'),
    consentimentoEm: timestamp('consentimento_em', { withTimezone: true }),
    verificacao: verificationStatus(),
    verificadoEm: timestamp('verificado_em', { withTimezone: true }),
    verificadoPor: integer('verificado_por').references(() => admins.id, { onDelete: 'set null' }),
    notaMedia: doublePrecision('nota_media'),
    /** Number of approved reviews, kept with `notaMedia` (a profile shows it without counting). */
    totalAvaliacoes: integer('total_avaliacoes').notNull().default(0),
    /**
     * Bayesian average of the approved reviews (docs/decisions/0015): what "best rated" sorts by, so a
     * single 5 does not beat forty 4.9s. Kept with `notaMedia`; null without reviews.
     */
    notaBayes: doublePrecision('nota_bayes'),
    /** Badges earned, computed by the server from their rules (modules/selos); recomputed when an input changes. */
    selos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    selosEm: timestamp('selos_em', { withTimezone: true }),
    /** Takes emergencies (PIQUETE, AVARIA: "Urgente 24h") and between which hours (0–24, Lisbon time; 0–24 is all day). */
    aceitaUrgencias: boolean('aceita_urgencias').notNull().default(false),
    urgenciasInicio: smallint('urgencias_inicio').notNull().default(0),
    urgenciasFim: smallint('urgencias_fim').notNull().default(24),
    criadoEm: createdAt(),
    /** What the public search matches besides specialties: name, city and district, folded. */
    busca: text().generatedAlwaysAs(folded(`nome || ' ' || cidade || ' ' || bairro`)),
  },
  (t) => [
    index('profissionais_especialidades_idx').using('gin', t.especialidades),
    // New-project alerts go to the professionals of one district with the project's specialty, 500 at a
    // time in id order (fanOutNewProject): walked from the last one told, the specialty and address read
    // from the index alone (migration 0038).
    index('profissionais_bairro_id_idx').on(t.bairro, t.id, t.especialidades, t.email),
    trgm('profissionais_busca_trgm', sql`${t.busca}`),
    trgm('profissionais_email_trgm', sql`lower(${t.email})`),
    emailStart('profissionais_email_inicio_idx', t.email),
    // Best rated first (the Bayesian average, docs/decisions/0015): the search's default order and
    // the home page's top list. It carries the searched text and the specialties, so that a later
    // page of a search finds its ids without visiting the rows it skips (migration 0027).
    index('profissionais_bayes_idx').on(sql`${t.notaBayes} desc nulls last`, t.nome, t.id, t.busca, t.especialidades),
    // "How many professionals in this district take emergencies", asked before publishing: counted from
    // the index alone (specialties and hours included; 5,800 in Lisbon on the generated data).
    index('profissionais_urgencias_idx')
      .on(t.bairro, t.urgenciasInicio, t.urgenciasFim, t.especialidades)
      .where(sql`aceita_urgencias`),
    // Admin list: pending verifications first, then newest. verificacao last: PostgreSQL reads an
    // expression index alone (a later page's ids) only when it also holds the column under the
    // expression (migration 0021).
    index('profissionais_admin_idx').on(
      sql`(${t.verificacao} is distinct from 'PENDENTE')`,
      t.criadoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.verificacao,
    ),
    index('profissionais_verificacao_idx').on(t.verificacao, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const admins = pgTable('admins', {
  id: id(),
  nome: text().notNull(),
  email: text().notNull().unique(),
  senhaHash: text('senha_hash').notNull(),
  sessaoVersao: sessionVersion(),
  criadoPor: integer('criado_por'),
  criadoEm: createdAt(),
});

/** Reference table of the specialty catalogue, so searches by label run in the database. */
export const especialidades = pgTable('especialidades', {
  value: text().primaryKey(),
  label: text().notNull(),
  grupo: text().notNull(),
});

/**
 * The rows job search lists (and its partial indexes cover): approved, priced, nobody chosen yet. With
 * the last condition in the predicate too, a page's ids come from the index alone (migration 0020).
 */
const openJob = sql`status = 'ABERTO' and creditos is not null and escolhido_id is null`;

export const requests = pgTable(
  'requests',
  {
    id: id(),
    titulo: text().notNull(),
    descricao: text().notNull(),
    cidade: text().notNull(),
    bairro: text().notNull(),
    especialidade: text().notNull(),
    contato: text().notNull(),
    tempo: timeOption().notNull().default('NORMAL'),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    creditos: integer(),
    status: projectStatus().notNull().default('ESPERA'),
    criadoEm: createdAt(),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
    /** The applicant the client chose (who did the job): the only one the client may review for it. */
    escolhidoId: integer('escolhido_id').references(() => profissionais.id, { onDelete: 'set null' }),
    escolhidoEm: timestamp('escolhido_em', { withTimezone: true }),
    /**
     * How many applications the project has (refunded ones included: the place was taken), kept by
     * triggers on `candidaturas` (migration 0012). Applying checks it on the locked row, so the five
     * places are counted in one statement (docs/decisions/0003).
     */
    candidaturasN: integer('candidaturas_n').notNull().default(0),
    /** What job search matches: title, city and district, folded. */
    busca: text().generatedAlwaysAs(folded(`titulo || ' ' || cidade || ' ' || bairro`)),
  },
  (t) => [
    index('requests_cliente_idx').on(t.clienteId, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Admin list: the enum's order is ESPERA, ABERTO, CONCLUIDO, the order the back office wants;
    // within a status, emergencies (PIQUETE, AVARIA: "Urgente 24h") first, then newest.
    // tempo last, so a later page's ids are read from the index alone (migration 0021).
    index('requests_status_idx').on(
      t.status,
      sql`(${t.tempo} in ('PIQUETE', 'AVARIA')) desc`,
      t.criadoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.tempo,
    ),
    // Job search: only approved, priced projects, newest first, with or without one filter, carrying
    // the text (and the urgency, for a specialty or a district with it) so that a later page's ids
    // are read from the index alone: page 500 of "quadro" walked its matches in order through the
    // table, or read all 17,000 and sorted them (55 ms; 470 ms with "Urgente"), now 2-20 ms (migration
    // 0026). A rare word that the statistics think common may now walk the index to its end for a
    // later page (at most ~30 ms, from the index alone) where its trigram index took 2 ms; over 80
    // words x 5 pages that is still half the time in all and at the 99th percentile. The first page
    // reads whole rows, so it still weighs the trigram index as before.
    index('requests_abertos_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.busca).where(openJob),
    index('requests_abertos_esp_idx').on(t.especialidade, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.tempo, t.busca).where(openJob),
    index('requests_abertos_bairro_idx').on(t.bairro, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.tempo, t.busca).where(openJob),
    index('requests_abertos_tempo_idx').on(t.tempo, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.busca).where(openJob),
    // Which of a professional's applications are to jobs still open ("Já se candidatou" on job search:
    // openApplicationIds), answered from this small index alone: through the table, each of his jobs
    // was a row read at a random page of 625 MB (70 ms for 94 applications cold, 0.48 ms warm; now
    // 5 ms and 0.33 ms). 300 professionals in turn: 3.1 k → 5.1-5.5 k req/s (migration 0037).
    index('requests_abertos_id_idx').on(t.id).where(openJob),
    // Job search by text: only open jobs (a third of all), so a rare word intersects short trigram lists.
    index('requests_abertos_busca_trgm')
      .using('gin', sql`${t.busca} gin_trgm_ops`)
      .where(openJob),
    // A professional's usual search: the district and the specialty together, with or without urgency
    // and text, tested on the index's trailing columns (a few thousand open jobs walked in order, from
    // the index alone: 132 ms → 0.2 ms on the generated data).
    index('requests_abertos_bairro_esp_idx')
      .on(t.bairro, t.especialidade, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.tempo, t.busca)
      .where(openJob),
    // "Avaliar" and a review's eligibility: a client's completed projects with the professional it
    // chose, most recently completed first, from the index alone (a client with 211 of them: 3.2 → 1.5 ms).
    index('requests_cliente_escolhido_idx')
      .on(t.clienteId, t.escolhidoId, t.concluidoEm.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`status = 'CONCLUIDO' and escolhido_id is not null`),
    // The professional's "times chosen" (by month: escolhido_em), "Domótica Expert"'s completed projects
    // (status, specialty, and the id and client its review is matched by), and ON DELETE SET NULL when a
    // professional leaves: each read from the index alone, not from one table page per project
    // (migrations 0034 and 0039).
    index('requests_escolhido_idx')
      .on(t.escolhidoId, t.status, t.especialidade, t.escolhidoEm, t.id, t.clienteId)
      .where(sql`escolhido_id is not null`),
    check('requests_creditos_positive', sql`${t.creditos} IS NULL OR ${t.creditos} > 0`),
  ],
);

/** One professional's prepaid balance ("subscription" in the spec's API). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    /**
     * Null once the professional deleted the account: the subscription stays, with its balance, as the
     * anchor of his ledger lines and applications (money records outlive accounts; balance = sum of
     * the ledger still holds). Deleting it made PostgreSQL look for those rows by subscription_id,
     * which no index leads: two reads of the largest tables (migration 0025).
     */
    profissionalId: integer('profissional_id')
      .unique()
      .references(() => profissionais.id, { onDelete: 'set null' }),
    creditosRestantes: integer('creditos_restantes').notNull().default(0),
    criadoEm: createdAt(),
  },
  (t) => [check('subscriptions_saldo_nao_negativo', sql`${t.creditosRestantes} >= 0`)],
);

/** Which professional paid for which project, how much and when. */
export const candidaturas = pgTable(
  'candidaturas',
  {
    id: id(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** Null once the professional deleted the account: the paid place and its price stay (money records). */
    profissionalId: integer('profissional_id').references(() => profissionais.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    creditos: integer().notNull(),
    criadoEm: createdAt(),
    /** Set once, by whichever refund comes first (report, deletion, cancellation): never twice. */
    reembolsadoEm: timestamp('reembolsado_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('candidaturas_unica').on(t.requestId, t.profissionalId),
    // The professional's applications in their page's order, with what the page reads of each (the
    // project's id, the price, the refund) in the index itself: no sort and no visit to the table's rows
    // (migration 0017). Also "Resposta rápida"'s window (selos.service).
    index('candidaturas_profissional_idx').on(
      t.profissionalId,
      t.criadoEm.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.requestId,
      t.creditos,
      t.reembolsadoEm,
    ),
    check('candidaturas_creditos_positive', sql`${t.creditos} > 0`),
  ],
);

/** Append-only credit ledger; `saldoApos` is the balance right after the movement. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    /**
     * profissional_id is null once the professional deleted the account; subscription_id still names
     * his subscription, kept without him (see subscriptions): the line, its amount and date stay.
     */
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    profissionalId: integer('profissional_id').references(() => profissionais.id, { onDelete: 'set null' }),
    tipo: ledgerKind().notNull(),
    delta: integer().notNull(),
    saldoApos: integer('saldo_apos').notNull(),
    requestId: integer('request_id'),
    paymentId: integer('payment_id'),
    adminId: integer('admin_id'),
    descricao: text(),
    criadoEm: createdAt(),
  },
  (t) => [
    index('credit_ledger_prof_idx').on(t.profissionalId, t.criadoEm),
    check('credit_ledger_saldo_nao_negativo', sql`${t.saldoApos} >= 0`),
    check('credit_ledger_delta_nao_zero', sql`${t.delta} <> 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Null once the professional deleted the account: payments are kept (tax law, RGPD art. 17(3)(b)). */
    profissionalId: integer('profissional_id').references(() => profissionais.id, { onDelete: 'set null' }),
    plano: text().$type<PlanValue>().notNull(),
    valorCentimos: integer('valor_centimos').notNull(),
    creditos: integer().notNull(),
    metodo: text().$type<PaymentMethod>().notNull(),
    provider: text().notNull(),
    providerSessionId: text('provider_session_id').unique(),
    estado: paymentStatus().notNull().default('PENDENTE'),
    criadoEm: createdAt(),
    pagoEm: timestamp('pago_em', { withTimezone: true }),
    /** Billing details for the receipt (optional): NIF checked with its check digit, name and address. */
    nif: text(),
    faturacaoNome: text('faturacao_nome'),
    faturacaoMorada: text('faturacao_morada'),
  },
  (t) => [
    index('payments_prof_idx').on(t.profissionalId),
    index('payments_estado_idx').on(t.estado, t.criadoEm),
    index('payments_criado_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The back office's payments by plan (and month): the plan's rows in the list's order.
    index('payments_plano_idx').on(t.plano, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Payment-provider events already handled, so a repeated delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  tipo: text().notNull(),
  recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Pagamentos por conciliar": provider events the webhook could not match to one of our payments
 * (unknown session, amount or currency other than the payment's, foreign metadata, nobody to
 * credit). No credits are granted for them; an admin looks at each and marks it resolved.
 * One row per event (unique id), however often the event is delivered.
 */
export const paymentAnomalies = pgTable(
  'payment_anomalies',
  {
    id: id(),
    eventoId: text('evento_id').notNull().unique(),
    tipo: text().notNull(),
    sessaoId: text('sessao_id'),
    /** The payment the session points to, when there is one. */
    pagamentoId: integer('pagamento_id').references(() => payments.id, { onDelete: 'set null' }),
    /** Amount and currency as the event states them (null when it states none). */
    valorCentimos: integer('valor_centimos'),
    moeda: text(),
    /** Our price for that payment, when the session matched one. */
    esperadoCentimos: integer('esperado_centimos'),
    codigo: text().notNull(),
    /** Why it was not credited, in pt-PT, as the admin reads it. */
    motivo: text().notNull(),
    /** What the event said, without personal data (no names, e-mails, addresses or card details). */
    resumo: jsonb().notNull(),
    criadoEm: createdAt(),
    resolvidoEm: timestamp('resolvido_em', { withTimezone: true }),
    resolvidoPor: integer('resolvido_por').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Admin list and dashboard count: unresolved first, then newest.
    index('payment_anomalies_admin_idx').on(sql`(${t.resolvidoEm} is not null)`, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    profissionalId: integer('profissional_id')
      .notNull()
      .references(() => profissionais.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    /** Kept (set to null) when the project is deleted: a review outlives the project it was about. */
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    nota: smallint().notNull(),
    comentario: text().notNull(),
    status: reviewStatus().notNull().default('ESPERA'),
    criadoEm: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_unica').on(t.requestId, t.profissionalId),
    index('reviews_prof_idx').on(t.profissionalId, t.status),
    index('reviews_cliente_idx').on(t.clienteId),
    // A professional's approved reviews, newest first; with the score, so that his average, count and
    // last-12-months figures (recomputed on every review decided) are read from the index alone (0034).
    index('reviews_prof_aprovadas_idx')
      .on(t.profissionalId, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.nota)
      .where(sql`status = 'APROVADO'`),
    index('reviews_recentes_idx')
      .on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'APROVADO'`),
    // Admin list: pending first, then newest.
    // status last, so a later page's ids are read from the index alone (migration 0021).
    index('reviews_admin_idx').on(sql`(${t.status} <> 'ESPERA')`, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status),
    index('reviews_status_idx').on(t.status, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('reviews_nota_1_5', sql`${t.nota} BETWEEN 1 AND 5`),
  ],
);

/**
 * What the back office's project search matches: title, city, district, then the client's name, folded.
 * One row per project, kept by triggers (migrations 0013 and 0033: on the project's insert and text, and
 * on the client's when the name changes). Not a column of `requests` any more: approving, choosing,
 * completing and pricing change indexed columns of the project, and every such update inserted all of
 * the text's trigrams into the GIN again (58 of a choice's 71 WAL records, and the merges of its pending
 * list were the writes' p99). Never in job search: professionals do not look clients up by name.
 */
export const requestsBusca = pgTable(
  'requests_busca',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    texto: text().notNull(),
  },
  (t) => [trgm('requests_busca_trgm', sql`${t.texto}`)],
);

/** What the back office's review search matches: the comment and the client's name, folded. Apart from `reviews` for the same reason (a decision changes the status). */
export const reviewsBusca = pgTable(
  'reviews_busca',
  {
    reviewId: integer('review_id')
      .primaryKey()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    texto: text().notNull(),
  },
  (t) => [trgm('reviews_busca_trgm', sql`${t.texto}`)],
);

/**
 * The ranking's prior mean m (docs/decisions/0015): the mean of every approved review, computed by the
 * badge sweep and read by each moderation, which no longer scans the approved reviews (75 ms on 500 k,
 * and 50 at once queued to 1.7 s). One row.
 */
export const rankingPrior = pgTable(
  'ranking_prior',
  {
    id: smallint().primaryKey().default(1),
    m: doublePrecision().notNull(),
    calculadoEm: timestamp('calculado_em', { withTimezone: true }).notNull(),
  },
  (t) => [check('ranking_prior_one_row', sql`${t.id} = 1`)],
);

/**
 * Professionals whose ranking (nota_bayes) is behind their rating: a review's approval updates the
 * average and count at once and queues the id here; the worker moves nota_bayes within seconds
 * (refreshRankings, docs/decisions/0015). nota_bayes is the one column of the row in an index
 * (profissionais_bayes_idx): leaving it out makes the approval's update HOT, where it otherwise added
 * an entry to each of the table's ten indexes, three of them GIN. No foreign key: a deleted
 * professional's id is dropped by the next refresh, and the approval takes no lock for it.
 */
export const rankingPendente = pgTable('ranking_pendente', {
  profissionalId: integer('profissional_id').primaryKey(),
});

/**
 * The back office's live figures (totals, money, queues), kept by the database (migration 0035): each
 * row change that moves one writes a row of differences to `admin_figure_deltas` in its own
 * transaction (triggers on clientes, profissionais, requests, reviews, payments, payment_anomalies),
 * and reading them folds those rows into this one. Counting them afresh was 0.2-0.7 s on the generated
 * million, paid again after every write anywhere. Decision 0006.
 */
const figureColumns = () => ({
  clientes: bigint({ mode: 'number' }).notNull().default(0),
  profissionais: bigint({ mode: 'number' }).notNull().default(0),
  projetos: bigint({ mode: 'number' }).notNull().default(0),
  projetosEspera: bigint('projetos_espera', { mode: 'number' }).notNull().default(0),
  reviewsEspera: bigint('reviews_espera', { mode: 'number' }).notNull().default(0),
  verificacoes: bigint({ mode: 'number' }).notNull().default(0),
  porConciliar: bigint('por_conciliar', { mode: 'number' }).notNull().default(0),
  recebidoCentimos: bigint('recebido_centimos', { mode: 'number' }).notNull().default(0),
  totalCentimos: bigint('total_centimos', { mode: 'number' }).notNull().default(0),
  /** Changes to the paid or pending payments so far: the payments page keeps its totals under it. */
  pagamentosAlteracoes: bigint('pagamentos_alteracoes', { mode: 'number' }).notNull().default(0),
});
export const adminFigures = pgTable('admin_figures', { id: smallint().primaryKey().default(1), ...figureColumns() }, (t) => [
  check('admin_figures_one_row', sql`${t.id} = 1`),
]);
/** Differences not yet folded into `admin_figures`: appended by triggers, deleted by the fold. No index. */
export const adminFigureDeltas = pgTable('admin_figure_deltas', figureColumns());

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text().notNull(),
    tipo: userRole().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    criadoEm: createdAt(),
  },
  (t) => [index('otp_email_idx').on(t.email, t.tipo, t.criadoEm)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorTipo: userRole('actor_tipo').notNull(),
    actorId: integer('actor_id'),
    acao: text().notNull(),
    alvoTipo: text('alvo_tipo'),
    alvoId: integer('alvo_id'),
    detalhes: jsonb().$type<Record<string, unknown>>(),
    criadoEm: createdAt(),
  },
  (t) => [index('audit_criado_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** In-app notifications (the bell): one row per person and event. */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: id(),
    destinatarioTipo: userRole('destinatario_tipo').notNull(),
    destinatarioId: integer('destinatario_id').notNull(),
    tipo: text().notNull(),
    /** Null when `dados` is set: the text is then rendered from it when the bell is read. */
    titulo: text(),
    corpo: text(),
    /** Path in the web app of the exact screen (e.g. /areadocliente/projetos). */
    link: text(),
    /** The template's data (templates.ts, STORED kinds), written instead of the rendered text. */
    dados: jsonb(),
    lidaEm: timestamp('lida_em', { withTimezone: true }),
    criadoEm: createdAt(),
  },
  (t) => [
    index('notificacoes_dest_idx').on(t.destinatarioTipo, t.destinatarioId, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notificacoes_por_ler_idx')
      .on(t.destinatarioTipo, t.destinatarioId)
      .where(sql`lida_em is null`),
    // Job alerts go after a week (pruneJobAlerts): the oldest found without reading the other kinds.
    index('notificacoes_alertas_idx')
      .on(t.criadoEm)
      .where(sql`tipo = 'novo_projeto_na_zona'`),
    check('notificacoes_texto_ou_dados', sql`${t.dados} IS NOT NULL OR (${t.titulo} IS NOT NULL AND ${t.corpo} IS NOT NULL)`),
  ],
);

/**
 * E-mails to send, written in the same transaction as the event (transactional outbox) and sent by
 * the worker, which claims rows with FOR UPDATE SKIP LOCKED (once across instances), retries with
 * backoff and keeps the sent ones as the sent log. `chave` makes an event's mail unique.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    destinatarioTipo: userRole('destinatario_tipo'),
    destinatarioId: integer('destinatario_id'),
    email: text().notNull(),
    tipo: text().notNull(),
    /** Null when `dados` is set: the mail is then rendered from it when it is sent (templates.ts, STORED kinds). */
    assunto: text(),
    texto: text(),
    html: text(),
    dados: jsonb(),
    /** Unique per event and person, so a repeated event never mails twice. */
    chave: text().notNull().unique(),
    /** Non-null: the line waits to be merged into one digest mail with this key (e.g. admin, daily jobs). */
    resumo: text(),
    /** PENDENTE, A_ENVIAR (claimed), ENVIADO, FALHADO (gave up), AGRUPADO (sent inside a digest). */
    estado: text().notNull().default('PENDENTE'),
    tentativas: integer().notNull().default(0),
    proximaTentativa: timestamp('proxima_tentativa', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    erro: text(),
    criadoEm: createdAt(),
  },
  (t) => [
    check('email_outbox_texto_ou_dados', sql`${t.dados} IS NOT NULL OR (${t.assunto} IS NOT NULL AND ${t.texto} IS NOT NULL AND ${t.html} IS NOT NULL)`),
    // What is due, in two queues: a person's own news first, then the job alerts (a project tells
    // hundreds of professionals at once, and one person's news must not wait behind them).
    index('email_outbox_pessoais_pendentes_idx')
      .on(t.proximaTentativa, t.id)
      .where(sql`estado = 'PENDENTE' and tipo <> 'novo_projeto_na_zona'`),
    index('email_outbox_alertas_pendentes_idx')
      .on(t.proximaTentativa, t.id)
      .where(sql`estado = 'PENDENTE' and tipo = 'novo_projeto_na_zona'`),
    index('email_outbox_resumo_idx')
      .on(t.resumo, t.id)
      .where(sql`estado = 'PENDENTE' and resumo is not null`),
    // Mails claimed by a worker that died: found without reading the sent log.
    index('email_outbox_a_enviar_idx')
      .on(t.proximaTentativa)
      .where(sql`estado = 'A_ENVIAR'`),
    // A person's mails: the RGPD export and account deletion.
    index('email_outbox_dest_idx').on(t.destinatarioTipo, t.destinatarioId),
    // Job alerts go after a week (pruneJobAlerts), like their bell rows.
    index('email_outbox_alertas_idx')
      .on(t.criadoEm)
      .where(sql`tipo = 'novo_projeto_na_zona'`),
  ],
);

/**
 * Projects that just became visible, waiting for the worker to tell the professionals of their zone
 * (notify.ts, fanOutNewProject). Approving writes one row here instead of a bell row and an e-mail for
 * each of them (~740 on the generated data, 0.1–0.4 s), so the admin's answer does not wait for it;
 * the worker takes one at a time (FOR UPDATE SKIP LOCKED, once across instances) and deletes it in the
 * transaction that writes the alerts. Decision 0010.
 */
export const jobAlertQueue = pgTable(
  'job_alert_queue',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** When the project became visible: the alerts' time (the on-call hour, the digest's morning). */
    visivelEm: timestamp('visivel_em', { withTimezone: true }).notNull(),
    /**
     * The last professional (by id) already told: a zone's alerts are written a batch at a time
     * (JOB_ALERT_BATCH), each in its own short transaction, and the next batch starts after this one.
     */
    depoisDe: integer('depois_de').notNull().default(0),
  },
  (t) => [index('job_alert_queue_visivel_idx').on(t.visivelEm)],
);

/** Per person: the kinds of e-mail switched off, and how new matching jobs arrive (professionals). */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    destinatarioTipo: userRole('destinatario_tipo').notNull(),
    destinatarioId: integer('destinatario_id').notNull(),
    desligados: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** INSTANTANEO or DIARIO (urgent jobs always arrive at once). */
    novosProjetos: text('novos_projetos').notNull().default('INSTANTANEO'),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.destinatarioTipo, t.destinatarioId] })],
);

/** A professional's report of a dead lead ("contacto inválido", ...), decided by an admin. */
export const leadReports = pgTable(
  'lead_reports',
  {
    id: id(),
    candidaturaId: integer('candidatura_id')
      .notNull()
      .unique()
      .references(() => candidaturas.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').notNull(),
    profissionalId: integer('profissional_id').references(() => profissionais.id, { onDelete: 'set null' }),
    /** CONTACTO_INVALIDO, CLIENTE_NAO_RESPONDE or DUPLICADO. */
    motivo: text().notNull(),
    nota: text(),
    /** ABERTO, REEMBOLSADO or RECUSADO. */
    estado: text().notNull().default('ABERTO'),
    criadoEm: createdAt(),
    decididoEm: timestamp('decidido_em', { withTimezone: true }),
    decididoPor: integer('decidido_por').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The back office's queue (to decide first, then newest). `estado` rides along (migration 0028): a
    // later page's ids are then read from the index alone, as the other back-office lists (0021).
    index('lead_reports_admin_idx').on(sql`(${t.estado} <> 'ABERTO')`, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst(), t.estado),
    // A professional's deletion sets profissional_id to null here: found by this index, not a scan.
    index('lead_reports_profissional_idx').on(t.profissionalId),
  ],
);

/**
 * The 14-day guarantee (docs/decisions/0014): after a project is concluded, its client may open one
 * claim about the chosen professional's work; the professional accepts (with a date) or disputes; an
 * admin closes it. Kept when the project or an account goes (the figures and the back office need it).
 */
export const garantias = pgTable(
  'garantias',
  {
    id: id(),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    clienteId: integer('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    profissionalId: integer('profissional_id').references(() => profissionais.id, { onDelete: 'set null' }),
    /** The project's title when the claim was opened (the project may be deleted later). */
    titulo: text().notNull(),
    descricao: text().notNull(),
    /** Storage keys of the photos (private area: shown only to the three parties through the API). */
    fotos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    estado: guaranteeStatus().notNull().default('ABERTA'),
    resposta: text(),
    agendadoPara: timestamp('agendado_para', { withTimezone: true }),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
    resolucao: text(),
    fechadoEm: timestamp('fechado_em', { withTimezone: true }),
    fechadoPor: integer('fechado_por').references(() => admins.id, { onDelete: 'set null' }),
    criadoEm: createdAt(),
  },
  (t) => [
    // One claim per project.
    uniqueIndex('garantias_request_uq').on(t.requestId),
    index('garantias_prof_idx').on(t.profissionalId, t.criadoEm.desc().nullsFirst()),
    index('garantias_cliente_idx').on(t.clienteId, t.criadoEm.desc().nullsFirst()),
    // Back office: open ones first, newest first.
    index('garantias_estado_idx').on(t.estado, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Acceptance of the terms ("Termos e Condições"), one row per person and version, with the moment
 * (docs/decisions/0016). A new version asks again at the next log-in.
 */
export const termosAceites = pgTable(
  'termos_aceites',
  {
    id: id(),
    destinatarioTipo: userRole('destinatario_tipo').notNull(),
    destinatarioId: integer('destinatario_id').notNull(),
    versao: text().notNull(),
    aceiteEm: timestamp('aceite_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('termos_aceites_uq').on(t.destinatarioTipo, t.destinatarioId, t.versao)],
);

export const schema = {
  clientes,
  profissionais,
  admins,
  especialidades,
  requests,
  requestsBusca,
  subscriptions,
  candidaturas,
  creditLedger,
  payments,
  paymentEvents,
  paymentAnomalies,
  reviews,
  reviewsBusca,
  otpCodes,
  auditLog,
  notificacoes,
  emailOutbox,
  jobAlertQueue,
  notificationPrefs,
  adminFigures,
  adminFigureDeltas,
  leadReports,
  garantias,
  termosAceites,
};
