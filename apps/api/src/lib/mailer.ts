import nodemailer from 'nodemailer';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A fixed Message-ID (with its angle brackets), so a mail sent again is recognisably the same one. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}
export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Ends open connections (the app's close, after the worker's last pass). */
  close?(): void;
}

/**
 * Real SMTP when SMTP_URL is set (nodemailer), over up to `connections` connections kept open: a
 * connection per mail cost a TCP (and TLS) set-up and a greeting on every mail, and a day of job
 * alerts is about a million of them (decision 0010).
 */
export function smtpMailer(url: string, from: string, connections = 1): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    // A connection is renewed now and then (servers limit the mails per session).
    maxMessages: 100,
    // A server that stops answering must not hold a notification worker past its claim (10 minutes).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 120_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: each e-mail is written to DATA_DIR/outbox and listed at /dev/emails. */
export function outboxMailer(dir: string, from: string): Mailer & { list(): Promise<(Mail & { id: string; from: string; sentAt: string })[]> } {
  // The folder is made once, not before every mail (a recursive mkdir was a twentieth of the API's
  // CPU while the benchmark applied); made again should someone delete it meanwhile.
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    async send(mail) {
      const sentAt = new Date().toISOString();
      const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`);
      const text = JSON.stringify({ from, sentAt, ...mail }, null, 2);
      await (ready ??= mkdir(dir, { recursive: true }).catch((e: unknown) => {
        ready = undefined;
        throw e;
      }));
      await writeFile(file, text, { mode: 0o600 }).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
        await mkdir(dir, { recursive: true });
        await writeFile(file, text, { mode: 0o600 });
      });
    },
    async list() {
      const files = (await readdir(dir).catch(() => [] as string[]))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 50);
      return Promise.all(files.map(async (f) => ({ id: f, ...JSON.parse(await readFile(join(dir, f), 'utf8')) })));
    },
  };
}
