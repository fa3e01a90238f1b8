import { sql, type SQL } from 'drizzle-orm';
import {
  boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex,
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

/** Folded (lower case, no accents) text that searches match with trigrams (migration 0001's f_unaccent). */
const folded = (expr: string) => sql.raw(`lower(f_unaccent(${expr}))`);
const trgm = (name: string, col: SQL) => index(name).using('gin', sql`${col} gin_trgm_ops`);

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
    criadoEm: createdAt(),
    /** What the admin's client search matches: the name (the e-mail has its own trigram index). */
    busca: text().generatedAlwaysAs(folded(`nome`)),
  },
  (t) => [
    trgm('clientes_busca_trgm', sql`${t.busca}`),
    trgm('clientes_email_trgm', sql`lower(${t.email})`),
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
    especialidades: text().array().notNull().default(sql`'{}'::text[]`),
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
    criadoEm: createdAt(),
    /** What the public search matches besides specialties: name, city and district, folded. */
    busca: text().generatedAlwaysAs(folded(`nome || ' ' || cidade || ' ' || bairro`)),
  },
  (t) => [
    index('profissionais_especialidades_idx').using('gin', t.especialidades),
    trgm('profissionais_busca_trgm', sql`${t.busca}`),
    trgm('profissionais_email_trgm', sql`lower(${t.email})`),
    // Best rated first: the search's default order and the home page's top list.
    index('profissionais_rating_idx').on(sql`${t.notaMedia} desc nulls last`, t.nome, t.id),
    // Admin list: pending verifications first, then newest.
    index('profissionais_admin_idx').on(sql`(${t.verificacao} is distinct from 'PENDENTE')`, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
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

/** The rows job search lists (and its partial indexes cover). */
const openJob = sql`status = 'ABERTO' and creditos is not null`;

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
    clienteId: integer('cliente_id').notNull().references(() => clientes.id, { onDelete: 'cascade' }),
    creditos: integer(),
    status: projectStatus().notNull().default('ESPERA'),
    criadoEm: createdAt(),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
    /** What job and admin searches match: title, city and district, folded. */
    busca: text().generatedAlwaysAs(folded(`titulo || ' ' || cidade || ' ' || bairro`)),
  },
  (t) => [
    index('requests_cliente_idx').on(t.clienteId, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Admin list: the enum's order is ESPERA, ABERTO, CONCLUIDO, the order the back office wants.
    index('requests_status_idx').on(t.status, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trgm('requests_busca_trgm', sql`${t.busca}`),
    // Job search: only approved, priced projects, newest first, with or without one filter.
    index('requests_abertos_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()).where(openJob),
    index('requests_abertos_esp_idx').on(t.especialidade, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()).where(openJob),
    index('requests_abertos_bairro_idx').on(t.bairro, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()).where(openJob),
    index('requests_abertos_tempo_idx').on(t.tempo, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()).where(openJob),
    check('requests_creditos_positive', sql`${t.creditos} IS NULL OR ${t.creditos} > 0`),
  ],
);

/** One professional's prepaid balance ("subscription" in the spec's API). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    profissionalId: integer('profissional_id').notNull().unique().references(() => profissionais.id, { onDelete: 'cascade' }),
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
    requestId: integer('request_id').notNull().references(() => requests.id, { onDelete: 'cascade' }),
    /** Null once the professional deleted the account: the paid place and its price stay (money records). */
    profissionalId: integer('profissional_id').references(() => profissionais.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    creditos: integer().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [
    uniqueIndex('candidaturas_unica').on(t.requestId, t.profissionalId),
    index('candidaturas_profissional_idx').on(t.profissionalId, t.criadoEm.desc().nullsFirst()),
    check('candidaturas_creditos_positive', sql`${t.creditos} > 0`),
  ],
);

/** Append-only credit ledger; `saldoApos` is the balance right after the movement. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    /** Both null once the professional deleted the account: the line, its amount and date stay. */
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
    plano: text().notNull(),
    valorCentimos: integer('valor_centimos').notNull(),
    creditos: integer().notNull(),
    metodo: text().notNull(),
    provider: text().notNull(),
    providerSessionId: text('provider_session_id').unique(),
    estado: paymentStatus().notNull().default('PENDENTE'),
    criadoEm: createdAt(),
    pagoEm: timestamp('pago_em', { withTimezone: true }),
  },
  (t) => [
    index('payments_prof_idx').on(t.profissionalId),
    index('payments_estado_idx').on(t.estado, t.criadoEm),
    index('payments_criado_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Payment-provider events already handled, so a repeated delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  tipo: text().notNull(),
  recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    profissionalId: integer('profissional_id').notNull().references(() => profissionais.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id').notNull().references(() => clientes.id, { onDelete: 'cascade' }),
    /** Kept (set to null) when the project is deleted: a review outlives the project it was about. */
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    nota: smallint().notNull(),
    comentario: text().notNull(),
    status: reviewStatus().notNull().default('ESPERA'),
    criadoEm: createdAt(),
    /** What the admin's review search matches: the comment, folded. */
    busca: text().generatedAlwaysAs(folded(`comentario`)),
  },
  (t) => [
    uniqueIndex('reviews_unica').on(t.requestId, t.profissionalId),
    index('reviews_prof_idx').on(t.profissionalId, t.status),
    index('reviews_cliente_idx').on(t.clienteId),
    index('reviews_prof_aprovadas_idx').on(t.profissionalId, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`status = 'APROVADO'`),
    index('reviews_recentes_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`status = 'APROVADO'`),
    // Admin list: pending first, then newest.
    index('reviews_admin_idx').on(sql`(${t.status} <> 'ESPERA')`, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_status_idx').on(t.status, t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trgm('reviews_busca_trgm', sql`${t.busca}`),
    check('reviews_nota_1_5', sql`${t.nota} BETWEEN 1 AND 5`),
  ],
);

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
    detalhes: jsonb(),
    criadoEm: createdAt(),
  },
  (t) => [index('audit_criado_idx').on(t.criadoEm.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const schema = {
  clientes, profissionais, admins, especialidades, requests, subscriptions, candidaturas, creditLedger,
  payments, paymentEvents, reviews, otpCodes, auditLog,
};
