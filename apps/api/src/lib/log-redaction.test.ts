import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createTestApp, registerAndLogin, type TestApp } from '../test/harness';

/** The real logger of a real app, written to memory: what an operator would find in the log. */
let lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
});
afterAll(() => t.close());

describe('logs keep no secrets and no personal data', () => {
  it('a failed SQL statement is logged without its parameters (name, e-mail, password hash)', async () => {
    await t.db.execute(sql`alter table clientes rename to clientes_fora`);
    try {
      lines = [];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cliente/register',
        payload: { nome: 'Beatriz Quaresma', email: 'beatriz.quaresma@exemplo.pt', senha: 'Palavra#Secreta77', aceitaTermos: true },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toMatch(/clientes|select|insert/i);
    } finally {
      await t.db.execute(sql`alter table clientes_fora rename to clientes`);
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('[redacted]');
    for (const secret of ['Beatriz', 'beatriz.quaresma', '$argon2', 'Palavra#Secreta77']) expect(log).not.toContain(secret);
  });

  it('request lines carry no token and no e-mail from the path', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    lines = [];
    const res = await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: c.auth });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/cliente/account/[e-mail]');
    // One line per request (each line pays for the redaction), with what an operator needs.
    const done = lines.map((l) => JSON.parse(l) as { msg: string; req?: { method: string }; res?: { statusCode: number }; responseTime?: number });
    expect(done.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    expect(done.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(done.find((l) => l.msg === 'request completed')).toMatchObject({
      req: { method: 'GET' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(log).not.toContain(c.email);
    expect(log).not.toContain(c.token);
  });

  it('censors secret keys at the top and one level down, and the credentials in headers', () => {
    lines = [];
    const request = { method: 'POST', body: { email: 'a@exemplo.pt', senha: 'Segredo#1' }, headers: { authorization: 'Bearer abc.def.ghi', Cookie: 'sid=1' } };
    t.app.log.info({ token: 'tok-123', user: { novaSenha: 'Outra#2', nome: 'Ana' }, request, headers: { 'set-cookie': 's=2' } }, 'teste');
    const line = JSON.parse(lines.join('')) as { token: string; user: object; headers: object; request: { headers: object; body: { email: string } } };
    expect(line).toMatchObject({ token: '[redacted]', user: { novaSenha: '[redacted]', nome: 'Ana' }, headers: { 'set-cookie': '[redacted]' } });
    expect(line.request.headers).toEqual({ authorization: '[redacted]', Cookie: '[redacted]' });
    expect(line.request.body.email).toBe('a@exemplo.pt');
    // The caller's objects are not changed.
    expect(request.headers.authorization).toBe('Bearer abc.def.ghi');
  });
});
