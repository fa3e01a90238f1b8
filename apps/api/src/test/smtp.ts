import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mail';

export interface Received extends ParsedMail {
  to: string;
  raw: string;
}

/**
 * A real SMTP receiver on a free local port: the API sends through nodemailer over a socket, as in
 * production. `rejectNext(n)` makes it refuse the next n messages with a temporary failure (451).
 * With `delayMs` it answers the greeting, MAIL, RCPT and the end of DATA that much later, as a
 * provider across a network would; `stats` counts its connections and the mails in progress at once (to anyone, and to one address).
 */
export async function startSmtp(opts: { delayMs?: number } = {}) {
  const inbox: Received[] = [];
  let rejecting = 0;
  const stats = { connections: 0, open: 0, inFlight: 0, maxInFlight: 0, maxInFlightToOne: 0 };
  const toOne = new Map<string, number>();
  const later = (cb: () => void) => (opts.delayMs ? setTimeout(cb, opts.delayMs) : cb());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, cb) {
      stats.connections++;
      stats.open++;
      later(cb);
    },
    onClose() {
      stats.open--;
    },
    onMailFrom(_address, _session, cb) {
      stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
      later(cb);
    },
    onRcptTo(address, _session, cb) {
      if (rejecting > 0) {
        rejecting--;
        stats.inFlight--;
        return cb(Object.assign(new Error('Caixa temporariamente indisponível'), { responseCode: 451 }));
      }
      const n = (toOne.get(address.address) ?? 0) + 1;
      toOne.set(address.address, n);
      stats.maxInFlightToOne = Math.max(stats.maxInFlightToOne, n);
      later(cb);
    },
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () =>
        later(() => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw, ...parseMail(raw) });
          stats.inFlight--;
          for (const r of session.envelope.rcptTo) toOne.set(r.address, (toOne.get(r.address) ?? 1) - 1);
          done();
        }),
      );
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    stats,
    /** The mails one address received, oldest first. */
    to: (email: string) => inbox.filter((m) => m.to === email),
    rejectNext(n: number) {
      rejecting = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
