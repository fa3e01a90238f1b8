import pino from 'pino';

/**
 * What must never reach a log: passwords and their hashes, tokens and codes, and the parameters of
 * a failed SQL statement (they hold names, e-mails, hashes). Logs are read by more people, and kept
 * longer, than the database.
 */
// Not `code`: errors carry their useful codes there (ECONNREFUSED, 23505); recovery codes are never logged.
const SECRET_KEYS = ['senha', 'novaSenha', 'senhaHash', 'senha_hash', 'password', 'token', 'access_token', 'resetToken', 'params'];

const SECRET = new Set(SECRET_KEYS);
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie'];
const CENSOR = '[redacted]';

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A copy of `o` with its secret keys censored (and, in `headers`, the credentials); `o` itself when none. */
function censorLevel(o: Record<string, unknown>, headers: boolean): Record<string, unknown> {
  let out = o;
  for (const key in o) {
    if (SECRET.has(key) || (headers && SECRET_HEADERS.includes(key.toLowerCase()))) {
      if (out === o) out = { ...o };
      out[key] = CENSOR;
    }
  }
  return out;
}

/**
 * What every log line goes through, before the serializers: a secret key at the top or one level
 * down is censored, and so are the credentials of a `headers` object (`req.headers.authorization`).
 * Class instances are left to their serializers (`err` and `req` keep only what is safe). Written
 * out rather than pino's `redact` paths: those were walked on every line and cost about a seventh
 * of the CPU of answering a list.
 */
export function censorSecrets(obj: Record<string, unknown>): Record<string, unknown> {
  let out = obj;
  for (const key in obj) {
    const v = obj[key];
    let next: unknown = v;
    if (SECRET.has(key)) next = CENSOR;
    else if (isPlain(v)) {
      next = censorLevel(v, key === 'headers');
      const h = (next as Record<string, unknown>).headers;
      if (isPlain(h)) {
        const clean = censorLevel(h, true);
        if (clean !== h) next = { ...(next as Record<string, unknown>), headers: clean };
      }
    }
    if (next !== v) {
      if (out === obj) out = { ...obj };
      out[key] = next;
    }
  }
  return out;
}

const scrubbers: [RegExp, string][] = [
  // drizzle puts the statement's parameters in the message: "Failed query: ...\nparams: a,b,c"
  [/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]'],
  [/\$argon2(id|i|d)\$[^\s,"']+/g, '[hash]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]'],
];

export const scrub = (text: string) => scrubbers.reduce((s, [re, by]) => s.replace(re, by), text);

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function cleanError(e: SerializedError): SerializedError {
  const out: SerializedError = { ...e };
  for (const k of SECRET_KEYS) if (k in out) out[k] = '[redacted]';
  if (typeof out.message === 'string') out.message = scrub(out.message);
  if (typeof out.stack === 'string') out.stack = scrub(out.stack);
  if (typeof out.detail === 'string') out.detail = scrub(out.detail); // PostgreSQL's "Key (email)=(...)"
  if (out.cause && typeof out.cause === 'object') out.cause = cleanError(out.cause as SerializedError);
  return out;
}

/** How long a log line may wait in the buffer of standard output (below, `bufferedStdout`). */
export const LOG_FLUSH_MS = 1000;

/** What may wait for a stalled reader of standard output: about 50,000 requests' lines. */
export const LOG_BUFFER_MAX = 16 * 1024 * 1024;

/**
 * Standard output, written 4 KB at a time and at least every LOG_FLUSH_MS, off the main thread:
 * one write to stdout per request (a system call each, and on this kind of virtual machine a costly
 * one) was about a tenth of the CPU of answering a list (docs/decisions/0006). What is still buffered
 * is written on exit (pino flushes it synchronously), so a stop loses nothing; a killed process loses
 * at most the last second. While nobody reads standard output (a stalled log collector), at most
 * LOG_BUFFER_MAX bytes wait; later lines are dropped rather than the memory growing until the
 * instance is killed for it.
 */
export const bufferedStdout = () => pino.destination({ dest: 1, sync: false, minLength: 4096, maxLength: LOG_BUFFER_MAX, periodicFlush: LOG_FLUSH_MS });

/** Options for Fastify's pino logger; without a stream, the buffered standard output. */
export function loggerOptions(level: string, stream: pino.DestinationStream = bufferedStdout()) {
  return {
    level,
    stream,
    formatters: { log: censorSecrets },
    serializers: {
      err: (e: Error) => cleanError(pino.stdSerializers.err(e) as SerializedError),
      // Some paths carry an e-mail (/api/cliente/account/{email}).
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: scrub(req.url),
        host: req.host,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
