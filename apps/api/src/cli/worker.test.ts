import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { clientes } from '../db/schema';
import { notify } from '../modules/notificacoes/notify';
import { scratchPostgres, TEST_DB } from '../test/harness';
import { startSmtp } from '../test/smtp';
import { runWorker } from './worker';

/** `npm run worker -- --once`: the same database settings as the server, sends what is due, then exits. */
describe('npm run worker', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-worker-'));
  let source: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: 'https://tecnicocerto.example' };
  let drop = async () => {};
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    source.SMTP_URL = smtp.url;
    if (TEST_DB === 'postgres') {
      const scratch = await scratchPostgres('tc_worker');
      source = { ...source, DATABASE_URL: scratch.url, JWT_SECRET: 'x'.repeat(40) };
      drop = scratch.drop;
    }
  });
  afterAll(async () => {
    await smtp?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the mails waiting in the outbox, once', async () => {
    const database = await openDatabase(source.DATABASE_URL ? { url: source.DATABASE_URL } : { dataDir: join(dataDir, 'db') });
    try {
      const [c] = await database.db
        .insert(clientes)
        .values({ nome: 'Cliente Da Fila', email: 'fila@exemplo.pt', senhaHash: 'x' })
        .returning({ id: clientes.id });
      await notify(database.db, { tipo: 'confirmar_email', clienteId: c!.id, link: 'https://tecnicocerto.example/confirmar-email?t=abc' });
    } finally {
      await database.close();
    }
    expect(await runWorker(['--once'], source)).toMatchObject({ code: 0, out: 'E-mails enviados: 1; falhados (a repetir mais tarde): 0.' });
    expect(smtp.to('fila@exemplo.pt').map((m) => m.subject)).toEqual(['Confirme o seu e-mail']);
    expect(await runWorker(['--once'], source)).toMatchObject({ code: 0, out: 'E-mails enviados: 0; falhados (a repetir mais tarde): 0.' });
    expect(smtp.to('fila@exemplo.pt')).toHaveLength(1);
  });

  it('explains its usage and a wrong configuration', async () => {
    expect(await runWorker(['--sempre'], source)).toMatchObject({ code: 2, out: 'Utilização: npm run worker [-- --once]' });
    const bad = await runWorker(['--once'], { ...source, NOTIFICATIONS_POLL_MS: 'depressa' });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('NOTIFICATIONS_POLL_MS');
  });
});
