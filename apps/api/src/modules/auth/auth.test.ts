import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { M } from '@tc/shared';
import { adminSession, createTestApp, registerAndLogin, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, senha: string, tipo: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha, tipo } });

describe('registration', () => {
  it('registers a client and answers with a numeric id and a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/register',
      payload: { nome: 'Maria Lopes', email: 'Maria.Lopes@Exemplo.pt', senha: 'Segura#123', aceitaTermos: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toEqual(expect.any(Number));
    expect(res.json().access_token).toEqual(expect.any(String));
    // E-mails are compared without case.
    expect((await login('maria.lopes@exemplo.pt', 'Segura#123', 'cliente')).statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail with a clear Portuguese message', async () => {
    const payload = { nome: 'Primeiro', email: 'dup@exemplo.pt', senha: 'Segura#123', aceitaTermos: true };
    expect((await t.app.inject({ method: 'POST', url: '/api/cliente/register', payload })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/cliente/register', payload: { ...payload, email: 'DUP@exemplo.pt' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_TAKEN', message: M.emailTaken });
  });

  it('validates with the spec messages and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profissional/register',
      payload: { nome: '', email: 'x@y', senha: '123', cidade: '', bairro: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields).toMatchObject({
      nome: M.nomeRequired,
      email: M.emailInvalid,
      senha: M.senhaMinShort,
      cidade: M.cidadeRequired,
      bairro: M.bairroRequired,
    });
    expect((await login('x@y', '123', 'profissional')).statusCode).toBe(400);
  });

  it('refuses the most common passwords', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/register',
      payload: { nome: 'A', email: 'weak@exemplo.pt', senha: 'password123', aceitaTermos: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.passwordTooCommon);
    expect((await login('weak@exemplo.pt', 'password123', 'cliente')).statusCode).toBe(401);
  });

  it('gives a new professional an empty credit balance', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { rows } = await t.db.execute<{ creditos_restantes: number }>(
      (await import('drizzle-orm')).sql`select creditos_restantes from subscriptions where profissional_id = ${p.id}`,
    );
    expect(rows).toEqual([{ creditos_restantes: 0 }]);
  });
});

describe('login', () => {
  it('logs in each role with its own table and returns id + access_token', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    const rc = await login(c.email, 'Segura#123', 'cliente');
    expect(rc.statusCode).toBe(200);
    expect(rc.json()).toEqual({ id: c.id, access_token: expect.any(String) });
    const rp = await login(p.email, 'Segura#123', 'profissional');
    expect(rp.json().id).toBe(p.id);
    // A client's e-mail is not a professional account.
    expect((await login(c.email, 'Segura#123', 'profissional')).statusCode).toBe(401);
  });

  it('answers the same whether the e-mail exists or the password is wrong', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const wrongPass = await login(c.email, 'Errada#123', 'cliente');
    const noUser = await login('ninguem@exemplo.pt', 'Errada#123', 'cliente');
    expect(wrongPass.statusCode).toBe(401);
    expect(noUser.statusCode).toBe(401);
    expect(wrongPass.json()).toEqual(noUser.json());
    expect(noUser.json()).toEqual({ code: 'UNAUTHORIZED', message: M.loginError });
  });

  it('refuses an unknown tipo and a malformed e-mail', async () => {
    expect((await login('a@exemplo.pt', 'Segura#123', 'root')).statusCode).toBe(400);
    const bad = await login('sem-arroba', 'Segura#123', 'cliente');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe(M.emailInvalid);
  });
});

describe('admin sign-up', () => {
  it('is closed to anyone who is not an admin, even on an empty database; an admin adds admins', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      payload: { nome: 'Intruso', email: 'intruso@exemplo.pt', senha: 'Segura#123' },
    });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().message).toBe(M.adminSignupClosed);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/register/status' })).statusCode).toBe(404);

    const cliente = await registerAndLogin(t.app, 'cliente');
    const asClient = await t.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: cliente.auth,
      payload: { nome: 'Intruso', email: 'intruso@exemplo.pt', senha: 'Segura#123' },
    });
    expect(asClient.statusCode).toBe(403);

    const admin = await adminSession(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: admin.auth,
      payload: { nome: 'Segunda Admin', email: 'admin2@exemplo.pt', senha: 'Segura#123' },
    });
    expect(second.statusCode).toBe(201);
    expect((await login('admin2@exemplo.pt', 'Segura#123', 'admin')).statusCode).toBe(200);
    expect((await login('intruso@exemplo.pt', 'Segura#123', 'admin')).statusCode).toBe(401);
  });

  it('rejects a forged or expired token with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: { authorization: 'Bearer abc.def.ghi' },
      payload: { nome: 'X', email: 'x@exemplo.pt', senha: 'Segura#123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('platform', () => {
  it('serves OpenAPI docs generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/cliente/register', '/api/profissional/register', '/api/admin/register']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'senha', 'tipo']);
  });

  it('answers unknown API paths and bad JSON with the one error shape', async () => {
    const nf = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({ code: 'NOT_FOUND', message: M.notFound });
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: M.validation });
  });

  it('refuses control characters in any text (NUL cannot be stored) with a Portuguese 400, creating nothing', async () => {
    const email = 'nul.teste@exemplo.pt';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/register',
      payload: { nome: 'Ana\u0000', email, senha: 'Segura#123', aceitaTermos: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'O texto contém caracteres inválidos.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'Segura#123', tipo: 'cliente' } })).statusCode).toBe(401);
    const c = await registerAndLogin(t.app, 'cliente');
    const query = await t.app.inject({ method: 'GET', url: '/api/profissional/see-all?q=a%00b', headers: c.auth });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('O texto contém caracteres inválidos.');
    // Line breaks and tabs are ordinary text.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/register',
      payload: { nome: 'Ana\tSousa', email, senha: 'Segura#123', aceitaTermos: true },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('sends a strict Content-Security-Policy: the short JSON set on the API, the page policy on pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // On errors as well as answers: nothing may load or frame JSON.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nada-aqui' });
    for (const r of [res, missing]) {
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
    // A page, and the API's documentation (a page with its own scripts), get helmet's whole set.
    const dist = mkdtempSync(join(tmpdir(), 'tc-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="pt-PT"><head><title>Técnico Certo</title></head><body></body></html>');
    const web = await createTestApp({ webDist: dist });
    try {
      for (const url of ['/', '/comofunciona']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
        expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(page.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
        expect(page.headers['x-content-type-options'], url).toBe('nosniff');
        expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(page.headers['referrer-policy'], url).toBe('no-referrer');
        expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
      // The documentation sets its own policy (with its scripts' hashes) over helmet's.
      const docs = await web.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
      expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('tokens', () => {
  const secret = 'segredo-de-teste-'.repeat(3);
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ jwtSecret: secret });
  });
  afterAll(() => app.close());

  const sign = (payload: Record<string, unknown>) => {
    const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
    return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
  };

  it('refuses a correctly signed token with no expiry, and accepts the same with one', async () => {
    const c = await registerAndLogin(app.app, 'cliente');
    const now = Math.floor(Date.now() / 1000);
    const get = (token: string) => app.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: { authorization: `Bearer ${token}` } });
    expect((await get(sign({ sub: String(c.id), tipo: 'cliente', v: 0, iat: now }))).statusCode).toBe(401);
    expect((await get(sign({ sub: String(c.id), tipo: 'cliente', v: 0, iat: now, exp: now + 600 }))).statusCode).toBe(200);
    expect((await get(sign({ sub: String(c.id), tipo: 'cliente', v: 0, iat: now - 7200, exp: now - 3600 }))).statusCode).toBe(401);
  });

  it('a token accepted before (kept as verified) is refused once it expires, and an altered copy of it never passes', async () => {
    const c = await registerAndLogin(app.app, 'cliente');
    const now = Math.floor(Date.now() / 1000);
    const get = (token: string) => app.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: { authorization: `Bearer ${token}` } });
    const token = sign({ sub: String(c.id), tipo: 'cliente', v: 0, iat: now, exp: now + 60 });
    expect((await get(token)).statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(200);
    expect((await get(`${token.slice(0, -2)}xx`)).statusCode).toBe(401);
    const otherId = sign({ sub: String(c.id + 1000), tipo: 'cliente', v: 0, iat: now, exp: now + 60 });
    expect((await get(`${otherId.split('.').slice(0, 2).join('.')}.${token.split('.')[2]}`)).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 61) * 1000);
      expect((await get(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
