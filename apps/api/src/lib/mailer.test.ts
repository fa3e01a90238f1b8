import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboxMailer } from './mailer';

describe('the local outbox (no SMTP configured)', () => {
  const root = mkdtempSync(join(tmpdir(), 'tc-mail-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const mail = (subject: string) => ({ to: 'ana@exemplo.pt', subject, text: 'Olá', html: '<p>Olá</p>' });

  it('writes each mail as a file, newest listed first, and makes its folder again if it is deleted', async () => {
    const dir = join(root, 'outbox');
    const mailer = outboxMailer(dir, 'Técnico Certo <nao-responder@exemplo.pt>');
    expect(existsSync(dir)).toBe(false);
    await mailer.send(mail('Primeiro'));
    // Files are named after the moment they were sent: a later one sorts after.
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(mail('Segundo'));
    expect(readdirSync(dir)).toHaveLength(2);
    expect((await mailer.list()).map((m) => m.subject)).toEqual(['Segundo', 'Primeiro']);

    rmSync(dir, { recursive: true });
    await mailer.send(mail('Depois de apagada'));
    const listed = await mailer.list();
    expect(listed.map((m) => m.subject)).toEqual(['Depois de apagada']);
    expect(listed[0]).toMatchObject({ to: 'ana@exemplo.pt', from: 'Técnico Certo <nao-responder@exemplo.pt>', html: '<p>Olá</p>' });
  });
});
