import { isIP } from 'node:net';
import { z } from 'zod';

/** An address, a CIDR range or one of proxy-addr's named ranges. */
function isProxyAddress(p: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(p)) return true;
  const [addr, bits, extra] = p.split('/');
  const version = isIP(addr ?? '');
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 in demo mode (npm start), 0.0.0.0 otherwise. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://tecnicocerto.pt' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections each instance keeps to PostgreSQL (several instances share the server's max_connections). */
  DATABASE_POOL_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(200).default(10),
  /** Connections, besides the pool, over which the kept (named) reads are pipelined (db/shared-reads.ts); 0 turns that off. */
  DATABASE_SHARED_READS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(16).default(2),
  /** A query running longer is cancelled by PostgreSQL itself, so nothing keeps running after a client gives up. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600000).default(5000),
  /** On SIGTERM the instance stops accepting, finishes what is in flight, closes the pool; past this it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600000).default(10000),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'use a duration such as 12h or 30m')
    .default('12h'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /**
   * SMTP connections kept open and mails sent at once by a worker: a new connection per mail, one
   * mail at a time, sent ~5 a second through a server 20 ms away (decision 0010).
   */
  SMTP_CONNECTIONS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50).default(5),
  MAIL_FROM: z.string().min(3).default('Técnico Certo <nao-responder@tecnicocerto.pt>'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  /** Only for tests: point the Stripe SDK at a local stand-in server. */
  STRIPE_API_BASE: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /**
   * Where uploads go: `local` under DATA_DIR/uploads (one instance), `s3` a private bucket of an
   * S3-compatible store (AWS S3, Cloudflare R2, MinIO) that every instance shares (docs/decisions/0012).
   */
  STORAGE: z.enum(['local', 's3'], { error: 'use local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
    .optional(),
  /** Unset: AWS S3. R2: https://<account>.r2.cloudflarestorage.com; MinIO: its address. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://<account>.r2.cloudflarestorage.com' }).optional(),
  /** `auto` suits R2; AWS S3 needs the bucket's region (checked below). */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as eu-west-1 (or auto for R2)')
    .default('auto'),
  /** Unset (both): the SDK's default chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, shared config, an instance role. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Unset: true with S3_ENDPOINT (MinIO and others have no per-bucket host names), false on AWS. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /**
   * The local demonstration (npm start): seeds demo people with public passwords, enables the demo
   * payment page and the /dev/emails outbox. Never on a real deployment. Only this switch turns them
   * on, whatever NODE_ENV says: a forgotten NODE_ENV must not open a production instance.
   */
  DEMO_MODE: bool.default(false),
  /** Unset: follows the demo mode. */
  SEED_DEMO: bool.optional(),
  /**
   * The reverse proxies whose X-Forwarded-For is trusted: comma-separated addresses or CIDR ranges
   * (or loopback, linklocal, uniquelocal). Unset or 0: none, the socket address counts. A hop count
   * is refused: Fastify 5.12 takes a number as "trust nobody", which locked everyone behind a
   * balancer into one per-IP counter.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v) =>
      v === '0' || v === ''
        ? []
        : v
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
    )
    .refine((list) => list.every(isProxyAddress), {
      error: 'list the proxies as IP addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1), or loopback/linklocal/uniquelocal',
    })
    .default([]),
  /** The e-mail worker inside this process; false when `npm run worker` runs apart (docs/decisions/0010). */
  NOTIFICATIONS_WORKER: bool.default(true),
  /** How often the worker looks for e-mails to send. */
  NOTIFICATIONS_POLL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(20).max(600000).default(5000),
  /**
   * A backlog of e-mails is sent one batch (50 mails, and up to 100 lines of each digest) per this
   * many ms at most, so that draining it does not take the database from the requests; 0 sends it back to back.
   */
  NOTIFICATIONS_PASS_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60000).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT: bool.default(true),
  WEB_DIST: z.string().optional(),
});

/** Rules across variables, checked on the raw input so they are listed with the others. */
function crossProblems(raw: Record<string, string>): string[] {
  const out: string[] = [];
  if (!!raw.STRIPE_SECRET_KEY !== !!raw.STRIPE_WEBHOOK_SECRET) {
    out.push('STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  const demo = ['true', '1', 'yes'].includes(raw.DEMO_MODE ?? '');
  if (!demo && raw.DATABASE_URL && !raw.JWT_SECRET) {
    out.push('JWT_SECRET: required outside the demo when DATABASE_URL is set (every instance must share it)');
  }
  if (raw.STORAGE === 's3') {
    if (!raw.S3_BUCKET) out.push('S3_BUCKET: required when STORAGE=s3');
    // The SDK would only fail at the first upload, on a host name like s3.auto.amazonaws.com.
    if (!raw.S3_ENDPOINT && (raw.S3_REGION ?? 'auto') === 'auto') {
      out.push("S3_REGION: AWS S3 (no S3_ENDPOINT) needs the bucket's region, e.g. eu-west-1; auto is only for R2");
    }
  } else if (raw.S3_BUCKET) {
    // Several instances each writing to their own disk would lose photos between them.
    out.push('STORAGE: S3_BUCKET is set but STORAGE is not s3 (set STORAGE=s3, or remove S3_BUCKET)');
  }
  if (!!raw.S3_ACCESS_KEY_ID !== !!raw.S3_SECRET_ACCESS_KEY) {
    out.push("S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's default credentials)");
  }
  return out;
}

export type Env = z.infer<typeof envSchema>;

/** Demo conveniences exist only with an explicit DEMO_MODE=true, whatever NODE_ENV says. */
export const isDemo = (env: Env) => env.DEMO_MODE;
export const seedDemoEnabled = (env: Env) => env.SEED_DEMO ?? isDemo(env);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a wrong variable stops start-up with the full list of problems. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set": shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossProblems(cleaned as Record<string, string>),
  ];
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}
