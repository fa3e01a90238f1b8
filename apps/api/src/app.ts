import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, TERMOS_VERSAO } from '@tc/shared';
import type { Env } from './config/env';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions } from './lib/log-redaction';
import { memoryCounter, redisCounter, type FailureCounter } from './lib/failure-counter';
import { ttlCache, type TtlCache } from './lib/ttl-cache';
import type { Storage } from './lib/storage';
import { storageFromEnv } from './lib/storage-from-env';
import { outboxMailer, smtpMailer, type Mailer } from './lib/mailer';
import { join, resolve } from 'node:path';
import { createHmac } from 'node:crypto';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serializer';
import { registerControlCharGuard } from './plugins/control-chars';
import { openapiTransform } from './plugins/openapi';
import { authPlugin, type SessionUser } from './plugins/auth';
import { inlineScriptHashes, registerWeb } from './plugins/web';
import { registerCompression } from './plugins/compress';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { filesRoutes } from './modules/files/files.routes';
import { contasRoutes } from './modules/contas/contas.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { profissionaisRoutes } from './modules/profissionais/profissionais.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { creditosRoutes } from './modules/creditos/creditos.routes';
import { adminRequestsRoutes } from './modules/admin/admin-requests.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { recibosRoutes } from './modules/recibos/recibos.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { garantiasRoutes } from './modules/garantias/garantias.routes';
import { otpRoutes } from './modules/otp/otp.routes';
import { devEmailsRoutes } from './modules/otp/dev-emails.routes';
import { notificacoesRoutes } from './modules/notificacoes/notificacoes.routes';
import { registerOutboxWorker } from './modules/notificacoes/outbox-worker';
import { selosRoutes } from './modules/selos/selos.routes';
import { registerSelosSweep } from './modules/selos/selos-sweep';
import { urgenciasRoutes } from './modules/urgencias/urgencias.routes';
import { emailConfirmationRoutes } from './modules/clientes/email-confirmation.routes';
import { termosRoutes } from './modules/termos/termos.routes';

/** How long an instance trusts a session version it has read (another instance's password change shows after this). */
export const SESSION_CACHE_MS = 5_000;
/** How long a text search's answer is reused (a job published elsewhere shows in text searches after this). */
export const SEARCH_CACHE_MS = 15_000;

export interface AppDeps {
  env: Env;
  database: Database;
  jwtSecret: string;
  clock?: Clock;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  redis?: import('ioredis').Redis;
  /** Default: from the configuration (STORAGE: local disk under DATA_DIR, or an S3 bucket). */
  storage?: Storage;
  mailer?: Mailer;
  /** Where the log goes (tests read it); default stdout, none under NODE_ENV=test. */
  logStream?: import('pino').DestinationStream;
  /** The current terms version; default the shared TERMOS_VERSAO (tests change it to see people asked again). */
  termosVersao?: () => string;
}

export interface AppContext {
  env: Env;
  db: Database['db'];
  clock: Clock;
  storage: Storage;
  mailer: Mailer;
  /** Server key for hashing short secrets (OTP codes, reset tokens), derived from the JWT secret. */
  hashKey: string;
  /**
   * Short per-instance cache, 30 s: `home:` public lists, `admin:` the back office's totals, money and queues
   * (emptied by writes), `figuras:` its charts (not emptied by writes; modules/admin/stats.service.ts).
   */
  cache: TtlCache;
  /**
   * A professional's public profile and pages of his approved reviews (`perfil:<id>:`), 30 s: the same
   * for every reader. Emptied on this instance by a professional's or client's own account changes and
   * by the admins' decisions on reviews and verification; a badge earned elsewhere shows within 30 s.
   */
  profiles: TtlCache;
  /**
   * Searches, 15 s (docs/decisions/0006): a page of the professionals' directory by text (`pros:`,
   * the same for every reader), a page of job search (`jobs:`, the same for every professional: no
   * contact, and each one's "applied?" comes apart), and how many take emergencies in a district at
   * this hour (`urgencias:`, public). Emptied on this instance by an admin's write and an account's own
   * change, job search's also by an application or a job closed (jobSearchMovedBy; the onResponse hook below
   * says why not by every write).
   */
  searches: TtlCache;
  /** Current session version per account, for a few seconds (plugins/auth). */
  sessions: TtlCache;
  /** Failed log-ins and recovery attempts, shared through Redis when there is one (modules/auth/attempt-limits). */
  failures: FailureCounter;
  /** Shared by every instance when REDIS_URL is set (rate limits, failure counters); the readiness probe pings it. */
  redis?: import('ioredis').Redis;
  /** The terms version people must have accepted (modules/termos, docs/decisions/0016). */
  termosVersao: () => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * The kept searches (key prefixes; '' is every one) that an admin's write through this instance must
 * drop so that he sees it at once. A review decided or deleted changes which reviews the back office's
 * search finds in a status (its rows are read afresh, so a decided one already leaves a pending list);
 * a verification decided, which professionals it finds in a state, and the directory's. Neither
 * changes which projects or clients match a word: with an admin deciding reviews one after another,
 * dropping every search made the directory and job search by text find their pages again after each
 * decision (the busy-hour mix of the benchmark). A professional's place in the directory's order moves
 * with his rating within the searches' 15 s, as after a decision through another instance. Any other
 * admin write (a project approved, priced or deleted, and whatever is added later) drops them all.
 */
export function searchesMovedByAdmin(url: string): string[] {
  if (url.startsWith('/api/review/')) return ['admin_reviews:'];
  if (url.startsWith('/api/admin/profissionais/')) return ['admin_profissionais:', 'pros:'];
  return [''];
}

/**
 * What a write changes in job search's kept pages (`jobs:`): an application, the places taken on the
 * pages that show its job (its professional must not see "Já se candidatou" beside the count before
 * his): the job's id; a client's choice, completion or cancellation, which pages hold the job and
 * which follow it (the job leaves): 'all'. Publishing changes nothing: a new project waits for approval.
 */
function jobSearchMovedBy(url: string, body: unknown): number | 'all' | undefined {
  if (url.startsWith('/api/creditos/usar')) {
    const id = Number((body as { requestId?: unknown } | undefined)?.requestId);
    return Number.isInteger(id) ? id : 'all';
  }
  return url.startsWith('/api/requests/') && !url.startsWith('/api/requests/create') ? 'all' : undefined;
}

/**
 * A kept job search page (or a text search's block of ids) that shows the job `id`. Dropping only
 * those on an application, not every page: with applications coming in every few milliseconds, job
 * search was read from the database nearly every time (a busy hour's job searches, 604 req/s).
 */
const showsJob = (id: number) => (kept: unknown) =>
  Array.isArray(kept) ? kept.includes(id) : !!(kept as { items?: { id: number }[] } | null)?.items?.some((job) => job.id === id);

/**
 * One log line per request ("request completed", with the method and path) instead of Fastify's two:
 * every line goes through the censoring of secrets (lib/log-redaction.ts), and the pair cost about a
 * sixth of the CPU of answering a list. Small plain objects, not the request and the reply: the
 * serializers and the censoring then have little to walk. Fastify's other lines (errors, 404) stay.
 */
class OneLinePerRequest extends LogController {
  incomingRequest() {}
  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: { method: request.method, url: request.url, host: request.host, ip: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: deps.logStream ? loggerOptions(env.LOG_LEVEL, deps.logStream) : env.NODE_ENV === 'test' ? false : loggerOptions(env.LOG_LEVEL),
    // Only trust X-Forwarded-For from the configured proxies' addresses: otherwise a client could
    // pick its own address and escape every per-IP limit.
    trustProxy: env.TRUST_PROXY.length ? env.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    // Numeric ids in paths; keep the router strict about the rest.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  const storage = deps.storage ?? (await storageFromEnv(env));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', {
    env,
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    storage,
    hashKey: createHmac('sha256', deps.jwtSecret).update('otp-codes').digest('hex'),
    cache: ttlCache(30_000, () => (deps.clock ?? systemClock).now().getTime()),
    // Many professionals are looked at: room for a few thousand pages (a few MB).
    profiles: ttlCache(30_000, () => (deps.clock ?? systemClock).now().getTime(), 5_000),
    // Room for two thousand searched pages (~16 KB each, with their compressed copies: ~35 MB at most).
    searches: ttlCache(SEARCH_CACHE_MS, () => (deps.clock ?? systemClock).now().getTime(), 2_000),
    sessions: ttlCache(SESSION_CACHE_MS, Date.now, 50_000),
    failures: deps.redis
      ? redisCounter(deps.redis, (e) => app.log.warn({ err: e }, 'failure counter: Redis unavailable'))
      : memoryCounter(() => (deps.clock ?? systemClock).now().getTime()),
    redis: deps.redis,
    termosVersao: deps.termosVersao ?? (() => TERMOS_VERSAO),
    mailer:
      deps.mailer ??
      (env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM, env.SMTP_CONNECTIONS) : outboxMailer(join(resolve(env.DATA_DIR), 'outbox'), env.MAIL_FROM)),
  });
  registerErrorHandling(app);
  // Graceful close behind a balancer: Node closes only the keep-alive connections idle when closing
  // starts; a balancer's pooled connections would keep the instance up for good. While closing,
  // answers say `Connection: close` and connections are closed as soon as they go idle, so requests
  // in flight finish and nothing new is started here.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 100).unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  registerControlCharGuard(app);
  // Any successful write may move a back-office figure: this instance's cached figures are dropped (the
  // next admin view recomputes them once); other instances catch up within their TTL.
  // The kept searches are not dropped by every write: under everyday traffic (publishing, applying,
  // log-ins, the bell) that was many times a second, and every text search paid its planning again.
  // Job search's pages alone are dropped by an application too, those showing its job (jobSearchMovedBy).
  // What a kept page shows catches up within the searches' 15 s, as after a write through another
  // instance (job search's places taken; a review decided since is read afresh in the back office's).
  // An account's own change (sign-up, profile, urgencies, deletion) and an admin's write to a project
  // (approved, priced, deleted) drop them all, so that the change shows at once on this instance ("Já
  // está visível para os profissionais"). A moderation decision drops only the searches whose matches
  // it can change (searchesMovedByAdmin).
  // A professional's own profile change (complete, edit, photo, delete) also drops the cached public
  // lists of professionals and the cached profiles, so he sees it at once; a client's own change (name,
  // deleted account) drops the cached profiles, whose reviews show clients' names.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      app.ctx.cache.invalidate('admin:');
      const account = request.url.startsWith('/api/profissional/') || request.url.startsWith('/api/cliente/');
      // request.user is set only on routes behind a session guard.
      if (account) app.ctx.searches.invalidate('');
      else if ((request.user as SessionUser | undefined)?.tipo === 'admin') for (const p of searchesMovedByAdmin(request.url)) app.ctx.searches.invalidate(p);
      const job = jobSearchMovedBy(request.url, request.body);
      if (job !== undefined) app.ctx.searches.invalidate('jobs:', job === 'all' ? undefined : showsJob(job));
      if (request.url.startsWith('/api/profissional/')) app.ctx.cache.invalidate('home:profissionais');
      if (account) app.ctx.profiles.invalidate('');
    }
    done();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // And the built pages' own inline scripts, each by its hash (a profile's early fetch).
        scriptSrc: ["'self'", ...inlineScriptHashes(deps.webDist)],
        // Toasts and dialogs inject small <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: 'tc-rl-',
    skipOnError: true,
    enableDraftSpec: true,
  });
  // Oversized files are marked truncated (not thrown) so the form gets the field's own message.
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 10 * 1024 * 1024, files: 4, fields: 60 } });
  await app.register(authPlugin, { secret: deps.jwtSecret, expiresIn: env.JWT_EXPIRES_IN });

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'API REST do marketplace.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      // JSON of 1 KB or more goes out compressed. Only under /api: the web app's files are
      // compressed at build time (plugins/web.ts).
      registerCompression(api);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(filesRoutes);
      await api.register(contasRoutes);
      await api.register(requestsRoutes);
      await api.register(profissionaisRoutes);
      await api.register(selosRoutes);
      await api.register(reviewsRoutes);
      await api.register(creditosRoutes);
      await api.register(adminRequestsRoutes);
      await api.register(paymentsRoutes);
      await api.register(recibosRoutes);
      await api.register(adminRoutes);
      await api.register(leadsRoutes);
      await api.register(garantiasRoutes);
      await api.register(otpRoutes);
      await api.register(notificacoesRoutes);
      await api.register(emailConfirmationRoutes);
      await api.register(termosRoutes);
      await api.register(urgenciasRoutes);
    },
    { prefix: '/api' },
  );

  // E-mails of the outbox: sent by this process unless NOTIFICATIONS_WORKER=false (docs/decisions/0010).
  registerOutboxWorker(app);
  // Badges whose time windows moved: recomputed by a daily sweep (docs/decisions/0015).
  registerSelosSweep(app);
  await app.register(devEmailsRoutes);
  await registerWeb(app, deps.webDist);
  return app;
}
