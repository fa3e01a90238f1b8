import pino from 'pino';

/**
 * What must never reach a log: passwords and their hashes, tokens and codes, and the parameters of
 * a failed SQL statement (they hold names, e-mails, hashes). Logs are read by more people, and kept
 * longer, than the database.
 */
// Not `code`: errors carry their useful codes there (ECONNREFUSED, 23505); recovery codes are never logged.
const SECRET_KEYS = ['senha', 'novaSenha', 'senhaHash', 'senha_hash', 'password', 'token', 'access_token', 'resetToken', 'params'];

export const redactPaths = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`])];

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

/** Options for Fastify's pino logger. */
export function loggerOptions(level: string, stream?: pino.DestinationStream) {
  return {
    level,
    stream,
    redact: { paths: redactPaths, censor: '[redacted]' },
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
