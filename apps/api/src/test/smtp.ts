import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mail';

export interface Received extends ParsedMail {
  to: string;
  raw: string;
}

/**
 * A real SMTP receiver on a free local port: the API sends through nodemailer over a socket, as in
 * production. `rejectNext(n)` makes it refuse the next n messages with a temporary failure (451).
 */
export async function startSmtp() {
  const inbox: Received[] = [];
  let rejecting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, cb) {
      if (rejecting > 0) {
        rejecting--;
        return cb(Object.assign(new Error('Caixa temporariamente indisponível'), { responseCode: 451 }));
      }
      cb();
    },
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw, ...parseMail(raw) });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The mails one address received, oldest first. */
    to: (email: string) => inbox.filter((m) => m.to === email),
    rejectNext(n: number) {
      rejecting = n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
