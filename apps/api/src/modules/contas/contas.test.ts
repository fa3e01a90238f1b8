import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { M, SPECIALTY_VALUES } from '@tc/shared';
import { adminSession, createTestApp, describeOnPostgres, openProject, registerAndLogin, stagedRace, type TestApp } from '../../test/harness';
import { jpegWithGps, multipart, pngBytes } from '../../test/images';
import { grantCredits } from '../creditos/creditos.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  // Admin sign-up is open only for the first admin: one for the whole file.
  admin = await adminSession(t.app);
});
afterAll(() => t.close());

const put = (url: string, auth: Record<string, string>, form: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'PUT', url, headers: { ...auth, ...form.headers }, payload: form.payload });

describe('client profile completion', () => {
  it('refuses a control character in a form field, changing nothing', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const res = await put(
      '/api/profissional/complete-profile',
      p.auth,
      multipart({ id: String(p.id), telefone: '+351912345678', bio: 'Olá\u0000', consentimento: 'true' }, []),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O texto contém caracteres inválidos.');
  });

  it('stores the phone and a re-encoded photo without its GPS metadata', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const res = await put(
      '/api/cliente/complete-profile',
      c.auth,
      multipart({ id: String(c.id), telefone: '+351912345678' }, [{ field: 'foto', filename: 'eu.jpg', type: 'image/jpeg', data: await jpegWithGps() }]),
    );
    expect(res.statusCode).toBe(200);
    const { fotoUrl } = res.json();
    expect(fotoUrl).toMatch(/^\/api\/files\/[a-f0-9-]{36}\.webp$/);
    const img = await t.app.inject({ method: 'GET', url: fotoUrl });
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(640);
    const account = await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: c.auth });
    expect(account.json()).toMatchObject({ id: c.id, telefone: '+351912345678', fotoUrl });
  });

  it('refuses a file that is not an image, whatever its name says, and changes nothing', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const res = await put(
      '/api/cliente/complete-profile',
      c.auth,
      multipart({ id: String(c.id), telefone: '+351912345678' }, [
        { field: 'foto', filename: 'foto.png', type: 'image/png', data: Buffer.from('%PDF-1.4 isto não é uma imagem') },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: M.imagemTipo, fields: { foto: M.imagemTipo } });
    const account = await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: c.auth });
    expect(account.json().telefone).toBeNull();
  });

  it('refuses images over 10 MB with the spec message', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await put(
      '/api/cliente/complete-profile',
      c.auth,
      multipart({ id: String(c.id), telefone: '+351912345678' }, [{ field: 'foto', filename: 'grande.png', type: 'image/png', data: big }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.imagemMax);
  });

  it("validates the phone and refuses to complete someone else's profile", async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const other = await registerAndLogin(t.app, 'cliente');
    const bad = await put('/api/cliente/complete-profile', c.auth, multipart({ id: String(c.id), telefone: '123' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.telefone).toBe(M.telefoneInvalid);
    const foreign = await put('/api/cliente/complete-profile', c.auth, multipart({ id: String(other.id), telefone: '+351912345678' }));
    expect(foreign.statusCode).toBe(403);
  });
});

describe('professional profile completion', () => {
  const files = async () => [
    { field: 'fotoPerfil', filename: 'eu.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    { field: 'documentos', filename: 'frente.jpg', type: 'image/jpeg', data: await jpegWithGps(1200, 800) },
    { field: 'documentos', filename: 'verso.png', type: 'image/png', data: await pngBytes() },
  ];

  it('needs consent, at least one specialty and the three images; stores ID images privately', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const base = { id: String(p.id), telefone: '+351916000111', bio: 'Eletricista' };
    const noConsent = await put('/api/profissional/complete-profile', p.auth, multipart({ ...base, 'especialidades[]': ['desentupimentos'] }, await files()));
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields.consentimento).toBe(M.consentimentoRequired);
    const noSpec = await put('/api/profissional/complete-profile', p.auth, multipart({ ...base, consentimento: 'true' }, await files()));
    expect(noSpec.json().fields.especialidades).toBe(M.especialidadeMin);
    const noFiles = await put(
      '/api/profissional/complete-profile',
      p.auth,
      multipart({ ...base, consentimento: 'true', 'especialidades[]': ['desentupimentos'] }),
    );
    expect(noFiles.json().fields).toEqual({ fotoPerfil: M.campoObrigatorio, ccFrente: M.campoObrigatorio, ccVerso: M.campoObrigatorio });

    const ok = await put(
      '/api/profissional/complete-profile',
      p.auth,
      multipart({ ...base, consentimento: 'true', 'especialidades[]': ['desentupimentos', 'autoclismos'] }, await files()),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ especialidades: ['desentupimentos', 'autoclismos'], verificacao: 'PENDENTE' });
    // Two private files exist and none of them is reachable through the public files route.
    const privateKeys = readdirSync(join(t.dataDir, 'uploads', 'private'));
    expect(privateKeys).toHaveLength(2);
    for (const key of privateKeys) {
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);
    }
    // The public profile never mentions the documents or the e-mail.
    const c = await registerAndLogin(t.app, 'cliente');
    const profile = await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: c.auth });
    expect(profile.statusCode).toBe(200);
    const text = profile.body;
    expect(text).not.toContain(p.email);
    expect(text).not.toMatch(/cc(Frente|Verso)|fotoFrente|fotoVerso/);
  });

  it('keeps each specialty once, so the longest name, place and every specialty still fit the directory index', async () => {
    // profissionais_bayes_idx carries the searched text and the specialties (migration 0027); a btree
    // entry holds at most ~2.7 KB. The longest fields in four-byte characters, and every specialty (some
    // twice: the form takes 60 fields) must be stored (each once) and found, never a database error.
    const wide = (n: number) => '𝓐'.repeat(n);
    const p = await registerAndLogin(t.app, 'profissional', { nome: wide(120), cidade: wide(80), bairro: wide(80) });
    const every = [...SPECIALTY_VALUES];
    const ok = await put(
      '/api/profissional/complete-profile',
      p.auth,
      multipart({ id: String(p.id), telefone: '+351916000222', consentimento: 'true', 'especialidades[]': [...every, ...every.slice(0, 15)] }, await files()),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().especialidades).toEqual(every);
    const c = await registerAndLogin(t.app, 'cliente');
    const found = await t.app.inject({ method: 'GET', url: `/api/profissional/see-all?q=${encodeURIComponent(wide(5))}`, headers: c.auth });
    expect(found.json().items.map((i: { id: number; especialidades: string[] }) => [i.id, i.especialidades.length])).toEqual([[p.id, every.length]]);
  });
});

describe('account, edit and password', () => {
  it("reads only one's own account", async () => {
    const a = await registerAndLogin(t.app, 'cliente');
    const b = await registerAndLogin(t.app, 'cliente');
    expect((await t.app.inject({ method: 'GET', url: `/api/cliente/account/${a.email}`, headers: a.auth })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/cliente/account/${a.email}`, headers: b.auth });
    const nobody = await t.app.inject({ method: 'GET', url: `/api/cliente/account/ninguem@exemplo.pt`, headers: b.auth });
    expect(other.statusCode).toBe(403);
    // Someone else's account and no account answer the very same: nothing to learn by probing.
    expect(nobody.statusCode).toBe(403);
    expect(other.json()).toEqual(nobody.json());
    expect((await t.app.inject({ method: 'GET', url: `/api/cliente/account/${a.email}` })).statusCode).toBe(401);
  });

  it('edits name, e-mail and bio; refuses an e-mail already in use', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const other = await registerAndLogin(t.app, 'profissional');
    const newEmail = `novo.${p.id}@exemplo.pt`;
    const noPass = await put('/api/profissional/edit-profile', p.auth, multipart({ id: String(p.id), nome: 'Nome Novo', email: newEmail }));
    expect(noPass.statusCode).toBe(400);
    expect(noPass.json().fields.senhaAtual).toBe(M.senhaParaEmail);
    const wrong = await put(
      '/api/profissional/edit-profile',
      p.auth,
      multipart({ id: String(p.id), nome: 'Nome Novo', email: newEmail, senhaAtual: 'Errada#123' }),
    );
    expect(wrong.json().fields.senhaAtual).toBe(M.senhaAtualErrada);
    // Same e-mail: no password needed.
    expect((await put('/api/profissional/edit-profile', p.auth, multipart({ id: String(p.id), nome: 'Só o nome', email: p.email }))).statusCode).toBe(200);
    const res = await put(
      '/api/profissional/edit-profile',
      p.auth,
      multipart({ id: String(p.id), nome: 'Nome Novo', email: newEmail, telefone: '+351912000111', bio: 'Nova bio', senhaAtual: 'Segura#123' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nome: 'Nome Novo', email: newEmail, bio: 'Nova bio', telefone: '+351912000111' });
    const taken = await put('/api/profissional/edit-profile', p.auth, multipart({ id: String(p.id), nome: 'X', email: other.email, senhaAtual: 'Segura#123' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.emailTaken);
  });

  it('changes the password only with the right current one', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/change-password',
      headers: c.auth,
      payload: { id: c.id, senhaAtual: 'Errada#123', novaSenha: 'Nova#Senha2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.senhaAtual).toBe(M.senhaAtualErrada);
    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/change-password',
      headers: c.auth,
      payload: { id: c.id, senhaAtual: 'Segura#123', novaSenha: 'curta' },
    });
    expect(short.json().fields.novaSenha).toBe(M.novaSenhaMin);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/change-password',
      headers: c.auth,
      payload: { id: c.id, senhaAtual: 'Segura#123', novaSenha: 'Nova#Senha2026' },
    });
    expect(ok.json()).toMatchObject({ message: M.senhaAlterada, access_token: expect.any(String) });
    const login = (senha: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: c.email, senha, tipo: 'cliente' } });
    expect((await login('Segura#123')).statusCode).toBe(401);
    expect((await login('Nova#Senha2026')).statusCode).toBe(200);
  });
});

describe('a refused edit keeps the photo', () => {
  it('an e-mail already taken with a new photo: 409, and the old photo is still the one shown and served', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const other = await registerAndLogin(t.app, 'cliente');
    const photo = async (name: string) => [{ field: 'foto', filename: name, type: 'image/png', data: await pngBytes() }];
    const done = await put('/api/cliente/complete-profile', c.auth, multipart({ id: String(c.id), telefone: '+351912345678' }, await photo('eu.png')));
    const { fotoUrl } = done.json() as { fotoUrl: string };
    expect(fotoUrl).toMatch(/^\/api\/files\//);
    const refused = await put(
      '/api/cliente/edit-profile',
      c.auth,
      multipart({ id: String(c.id), nome: 'Outro Nome', email: other.email, senhaAtual: 'Segura#123' }, await photo('nova.png')),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.emailTaken);
    const account = await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: c.auth });
    expect(account.json()).toMatchObject({ nome: 'Teste Cliente', fotoUrl });
    // It removed the old file before the refused write, which left the account pointing at nothing.
    expect((await t.app.inject({ method: 'GET', url: fotoUrl })).statusCode).toBe(200);
  });
});

describeOnPostgres('a write allowed by a password changed meanwhile', () => {
  const holdClient = (id: number) => sql`select 1 from clientes where id = ${id} for update`;
  const changeTo = (c: { id: number; auth: Record<string, string> }, novaSenha: string) => () =>
    t.app.inject({ method: 'PUT', url: '/api/cliente/change-password', headers: c.auth, payload: { id: c.id, senhaAtual: 'Segura#123', novaSenha } });
  const login = (email: string, senha: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha, tipo: 'cliente' } });

  it('two password changes with the same current password: the second is refused, and only the first new password works', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    // Both check "Segura#123" before either writes; the account's row is held so that they write in turn.
    const [a, b] = await stagedRace(t.db, holdClient(c.id), changeTo(c, 'Primeira#2026'), changeTo(c, 'Segunda#2026'));
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(400);
    expect(b.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: { senhaAtual: M.senhaAtualErrada } });
    expect((await login(c.email, 'Primeira#2026')).statusCode).toBe(200);
    expect((await login(c.email, 'Segunda#2026')).statusCode).toBe(401);
    // The token the first change gave is still good.
    const fresh = { authorization: `Bearer ${a.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: fresh })).statusCode).toBe(200);
  });

  it('an e-mail change checked against the old password is refused once the password changed', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const moved = `movido.${c.id}@exemplo.pt`;
    const [a, b] = await stagedRace(t.db, holdClient(c.id), changeTo(c, 'Primeira#2026'), () =>
      put('/api/cliente/edit-profile', c.auth, multipart({ id: String(c.id), nome: 'Teste Cliente', email: moved, senhaAtual: 'Segura#123' })),
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(400);
    expect(b.json().fields.senhaAtual).toBe(M.senhaAtualErrada);
    expect((await login(c.email, 'Primeira#2026')).statusCode).toBe(200);
    expect((await login(moved, 'Primeira#2026')).statusCode).toBe(401);
  });

  it('deleting the account with the old password is undone once the password changed', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const [a, d] = await stagedRace(t.db, holdClient(c.id), changeTo(c, 'Primeira#2026'), () =>
      t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } }),
    );
    expect(a.statusCode).toBe(200);
    expect(d.statusCode).toBe(400);
    expect(d.json().fields.senha).toBe(M.senhaAtualErrada);
    expect((await login(c.email, 'Primeira#2026')).statusCode).toBe(200);
  });
});

describe('RGPD', () => {
  it('exports the data as a JSON download', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    await t.app.inject({
      method: 'POST',
      url: '/api/requests/create',
      headers: c.auth,
      payload: { titulo: 'A', descricao: 'B', cidade: 'Porto', bairro: 'Porto', especialidade: 'desentupimentos', contato: '912', tempo: 'NORMAL' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/cliente/export-data', headers: c.auth });
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data.conta.email).toBe(c.email);
    expect(data.projetos).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('senha');
  });

  it('deletes a client after the password, refunding professionals who paid for its open projects', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    await t.db.transaction((tx) => grantCredits(tx, p.id, 30, 'AJUSTE', { descricao: 'teste' }));
    const id = await openProject(t.app, c, admin, 10);
    await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: id } });
    const balance = async () => (await t.app.inject({ method: 'GET', url: `/api/subscriptions/credito/${p.id}`, headers: p.auth })).json().creditosRestantes;
    expect(await balance()).toBe(20);

    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Errada#123' } });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } });
    expect(ok.statusCode).toBe(200);
    expect(await balance()).toBe(30);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: c.email, senha: 'Segura#123', tipo: 'cliente' } })).statusCode).toBe(
      401,
    );
  });

  it("deletes all of a client's open projects at once: each application refunded once, a running balance per line, nothing for a chosen project", async () => {
    // All the projects' refunds are one statement (refundProjectsOnDeletion): a professional who applied
    // to three of them must get all three, not one (an UPDATE joined to three rows applies one).
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    const q = await registerAndLogin(t.app, 'profissional');
    for (const s of [p, q]) await t.db.transaction((tx) => grantCredits(tx, s.id, 100, 'AJUSTE', { descricao: 'teste' }));
    const prices = [7, 11, 13];
    const ids: number[] = [];
    for (const price of prices) ids.push(await openProject(t.app, c, admin, price));
    const chosenId = await openProject(t.app, c, admin, 5);
    const apply = async (s: { auth: Record<string, string> }, requestId: number) =>
      expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: s.auth, payload: { requestId } })).statusCode).toBe(201);
    for (const id of ids) await apply(p, id);
    await apply(q, ids[1]!);
    await apply(p, chosenId);
    await apply(q, chosenId);
    const chose = await t.app.inject({ method: 'POST', url: `/api/requests/${chosenId}/escolher`, headers: c.auth, payload: { profissionalId: q.id } });
    expect(chose.statusCode, chose.body).toBe(200);
    const balance = async (s: { id: number; auth: Record<string, string> }) =>
      (await t.app.inject({ method: 'GET', url: `/api/subscriptions/credito/${s.id}`, headers: s.auth })).json().creditosRestantes as number;
    expect(await balance(p)).toBe(100 - 7 - 11 - 13 - 5);
    expect(await balance(q)).toBe(100 - 11 - 5);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } });
    expect(del.statusCode, del.body).toBe(200);
    // Every application to the three unchosen projects back; the chosen project's leads were real.
    expect(await balance(p)).toBe(100 - 5);
    expect(await balance(q)).toBe(100 - 5);
    const history = async (s: { id: number; auth: Record<string, string> }) =>
      (await t.app.inject({ method: 'GET', url: `/api/creditos/historico/${s.id}?pageSize=50`, headers: s.auth })).json().items as {
        id: number;
        tipo: string;
        delta: number;
        saldoApos: number;
        descricao: string;
      }[];
    const lines = (await history(p)).sort((a, b) => a.id - b.id);
    const refunds = lines.filter((l) => l.tipo === 'REEMBOLSO');
    expect(refunds.map((l) => l.delta).sort((a, b) => a - b)).toEqual(prices);
    for (const l of refunds) expect(l.descricao).toMatch(/^Reembolso: Trocar quadro elétrico \(Conta do cliente eliminada\)$/);
    // Each line's balance is the one before plus its amount, and the last one is the balance.
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.saldoApos, `line ${i}`).toBe(lines[i - 1]!.saldoApos + lines[i]!.delta);
    expect(lines.at(-1)!.saldoApos).toBe(await balance(p));
    expect((await history(q)).filter((l) => l.tipo === 'REEMBOLSO').map((l) => l.delta)).toEqual([11]);
    // Each applicant told of each project closed, with the refund or without.
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: p.auth })).json().items as { tipo: string }[];
    expect(bell.filter((n) => n.tipo === 'projeto_fechado')).toHaveLength(4);
    // One audit entry per project deleted.
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=50', headers: admin.auth })).json().items as {
      acao: string;
      alvoId: number | null;
    }[];
    expect(
      audit
        .filter((a) => a.acao === 'PROJETO_ELIMINADO' && [...ids, chosenId].includes(a.alvoId!))
        .map((a) => a.alvoId)
        .sort((a, b) => a! - b!),
    ).toEqual([...ids, chosenId].sort((a, b) => a - b));
  });
});

describe('sessions end with a password change', () => {
  it('a new password ends older sessions; the session that changed it gets a fresh token', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: c.email, senha: 'Segura#123', tipo: 'cliente' } });
    const otherAuth = { authorization: `Bearer ${other.json().access_token}` };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/change-password',
      headers: c.auth,
      payload: { id: c.id, senhaAtual: 'Segura#123', novaSenha: 'Nova#Senha2026' },
    });
    const fresh = { authorization: `Bearer ${res.json().access_token}` };
    const me = (h: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: h });
    expect((await me(otherAuth)).statusCode).toBe(401);
    expect((await me(c.auth)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it("a deleted account's token stops working", async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: { titulo: 'x' } })).statusCode).toBe(401);
  });
});

describe('money records outlive accounts', () => {
  it("deleting a professional's account keeps its payments, ledger lines and paid places: revenue does not move", async () => {
    const client = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Elite' } })).json();
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth });
    const requestId = await openProject(t.app, client, admin, 10);
    expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } })).statusCode).toBe(201);
    const revenue = async () => (await t.app.inject({ method: 'GET', url: '/api/subscriptions/valorPagoTotal', headers: admin.auth })).json() as number;
    const before = await revenue();

    const del = await t.app.inject({ method: 'DELETE', url: '/api/profissional/delete-account', headers: p.auth, payload: { senha: 'Segura#123' } });
    expect(del.statusCode).toBe(200);

    expect(await revenue()).toBe(before);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/pagamentos?tipo=recebido', headers: admin.auth })).json();
    expect(listed.items.find((x: { id: number }) => x.id === pagamentoId)).toMatchObject({ profissionalNome: null, valorCentimos: 12000, estado: 'PAGO' });
    const { rows } = await t.db.execute<{ ledger: number; places: number; person: number }>(sql`
      select (select count(*)::int from credit_ledger where payment_id = ${pagamentoId} or request_id = ${requestId}) as ledger,
             (select count(*)::int from candidaturas where request_id = ${requestId}) as places,
             (select count(*)::int from profissionais where id = ${p.id}) as person`);
    // The purchase and the application stay on the books (without the person); the paid place still counts.
    expect(rows[0]).toEqual({ ledger: 2, places: 1, person: 0 });
    // His subscription stays without him, its balance still the sum of its ledger lines, which and
    // whose paid place still name it (migration 0025).
    const kept = await t.db.execute<{ profissional_id: number | null; saldo: number; soma: number; lines: number; places: number }>(sql`
      select s.profissional_id, s.creditos_restantes as saldo,
             (select sum(delta)::int from credit_ledger l where l.subscription_id = s.id) as soma,
             (select count(*)::int from credit_ledger l where l.subscription_id = s.id and l.profissional_id is null) as lines,
             (select count(*)::int from candidaturas c where c.subscription_id = s.id and c.request_id = ${requestId}) as places
      from subscriptions s where s.id = (select subscription_id from credit_ledger where payment_id = ${pagamentoId})`);
    expect(kept.rows).toHaveLength(1);
    expect(kept.rows[0]).toMatchObject({ profissional_id: null, lines: 2, places: 1 });
    expect(kept.rows[0]!.saldo).toBe(kept.rows[0]!.soma);
    expect(kept.rows[0]!.saldo).toBeGreaterThan(0);
    // Deleting the project later refunds nobody who no longer exists, and does not fail.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${requestId}`, headers: admin.auth })).statusCode).toBe(200);
  });
});

describe('forms that are not forms', () => {
  it('names the real problem, never the image size, when no image was sent', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const form = multipart({ id: String(c.id), telefone: '+351912345678' }, [{ field: 'foto', filename: 'eu.png', type: 'image/png', data: await pngBytes() }]);
    const send = (headers: Record<string, string>, payload: Buffer | string) =>
      t.app.inject({ method: 'PUT', url: '/api/cliente/complete-profile', headers: { ...c.auth, ...headers }, payload });

    // Cut off before its end, or without the boundary that separates its parts: was a 500.
    for (const res of [
      await send(form.headers, form.payload.subarray(0, form.payload.length - 30)),
      await send({ 'content-type': 'multipart/form-data' }, form.payload),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'MALFORMED_FORM', message: M.formularioMalFormado });
    }
    // More files than the form takes.
    const many = multipart(
      { id: String(c.id) },
      Array.from({ length: 5 }, () => ({ field: 'foto', filename: 'a.png', type: 'image/png', data: Buffer.from('x') })),
    );
    expect((await send(many.headers, many.payload)).json()).toEqual({ code: 'TOO_MANY_FILES', message: M.formularioFicheirosAMais });
    // A body over 1 MB without any image: was "A imagem deve ter até 10MB".
    const big = await send({ 'content-type': 'application/json' }, JSON.stringify({ bio: 'x'.repeat(1_100_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.pedidoGrande);
    // Nothing was saved.
    const account = await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: c.auth });
    expect(account.json()).toMatchObject({ telefone: null, fotoUrl: null });
  });
});
