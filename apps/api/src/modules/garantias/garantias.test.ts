import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { GARANTIA_MSG, M } from '@tc/shared';
import {
  adminSession,
  completeWith,
  createTestApp,
  describeOnPostgres,
  stagedRace,
  projectPayload,
  registerAndLogin,
  TEST_DB,
  type TestApp,
} from '../../test/harness';
import { jpegWithGps, multipart, pngBytes } from '../../test/images';
import { startSmtp } from '../../test/smtp';
import type { Clock } from '../../lib/clock';
import { grantCredits } from '../creditos/creditos.service';
import { runOutboxOnce } from '../notificacoes/outbox-worker';
import { nextHourlyDigest } from '../notificacoes/schedule';

/**
 * The 14-day guarantee (docs/decisions/0014) through the API: who may open a claim and until when,
 * the professional's answer, the admin's closing, the notifications written with each change (bell
 * rows, outbox lines, mails at a real SMTP receiver) and the private photos.
 */
const DAY = 24 * 60 * 60 * 1000;
const BASE = 'https://tecnicocerto.example';
// Real time shifted forward as a test jumps days ahead (the claim window counts from `concluido_em`).
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const advance = (ms: number) => {
  offset += ms;
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let png: Buffer;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_URL: BASE } });
  admin = await adminSession(t.app);
  png = await pngBytes();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Auth = { auth: Record<string, string> };
type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const photo = (data: Buffer, i = 1) => ({ field: 'fotos', filename: `foto${i}.png`, type: 'image/png', data });

/** POST /requests/:id/garantia as a multipart form (description and photos). */
function openClaim(
  who: Auth,
  requestId: number,
  descricao: string | null = 'A tomada da cozinha voltou a aquecer e cheira a queimado.',
  files: ReturnType<typeof photo>[] = [],
) {
  // null: no description field at all.
  const form = multipart(descricao === null ? {} : { descricao }, files);
  return t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/garantia`, headers: { ...who.auth, ...form.headers }, payload: form.payload });
}

let n = 0;
/**
 * A project of a new client, approved and priced, which a new professional applied to; completed
 * now saying that professional did the job (or nobody, `escolhido: false`). Its completion is "now".
 */
async function concluded(o: { escolhido?: boolean; concluir?: boolean } = {}) {
  n++;
  const c = await registerAndLogin(t.app, 'cliente', { nome: `Cliente Garantia ${n}` });
  const p = await registerAndLogin(t.app, 'profissional', { nome: `Profissional Garantia ${n}` });
  await t.db.transaction((tx) => grantCredits(tx, p.id, 50, 'AJUSTE', { descricao: 'teste' }));
  const created = await inject('POST', '/api/requests/create', c, projectPayload({ titulo: `Quadro elétrico ${n}` }));
  const requestId = created.json().id as number;
  expect((await inject('PATCH', `/api/requests/${requestId}/aprovar`, admin, { creditos: 10 })).statusCode).toBe(200);
  expect((await inject('POST', '/api/creditos/usar', p, { requestId })).statusCode).toBe(201);
  if (o.concluir !== false) await completeWith(t.app, c, requestId, o.escolhido === false ? null : p.id);
  return { c, p, requestId, nomeP: `Profissional Garantia ${n}` };
}

const claimsCount = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int n from garantias`)).rows[0]!.n);
/** Files in the private area of the local store (DATA_DIR/uploads/private). */
const privateFiles = () => {
  const dir = join(t.dataDir, 'uploads', 'private');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const bell = async (who: Auth) => (await inject('GET', '/api/notificacoes?pageSize=50', who)).json().items as { tipo: string; corpo: string; link: string }[];
const outbox = async (tipo: string) =>
  (
    await t.db.execute<{ destinatario_tipo: string; destinatario_id: number; resumo: string | null; assunto: string }>(sql`
    select destinatario_tipo, destinatario_id, resumo, assunto from email_outbox where tipo = ${tipo} order by id`)
  ).rows;

describe(`guarantee: opening a claim (${TEST_DB})`, () => {
  it('on day 13 after completion the client opens it with photos; the professional and the admins are told in the same transaction', async () => {
    const { c, p, requestId } = await concluded();
    advance(13 * DAY);
    const filesBefore = privateFiles();
    const res = await openClaim(c, requestId, '  A tomada da cozinha voltou a aquecer.  ', [
      photo(png, 1),
      { field: 'fotos', filename: 'gps.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({
      requestId,
      titulo: 'Quadro elétrico 1',
      descricao: 'A tomada da cozinha voltou a aquecer.',
      fotos: 2,
      estado: 'ABERTA',
      resposta: null,
      agendadoPara: null,
      profissional: { id: p.id, nome: 'Profissional Garantia 1', email: null },
      cliente: { id: c.id, contacto: null, email: null },
    });
    expect(privateFiles()).toBe(filesBefore + 2);

    // The outbox pattern: the bell rows and the e-mails were written with the claim.
    expect((await bell(p)).map((x) => x.tipo)).toContain('garantia_acionada');
    expect((await bell(admin)).map((x) => x.tipo)).toContain('admin_garantia_acionada');
    const proMail = (await outbox('garantia_acionada')).filter((r) => r.destinatario_id === p.id);
    expect(proMail).toEqual([expect.objectContaining({ destinatario_tipo: 'profissional', resumo: null, assunto: 'Garantia acionada: Quadro elétrico 1' })]);
    const adminMail = (await outbox('admin_garantia_acionada')).filter((r) => r.destinatario_id === admin.id);
    expect(adminMail).toHaveLength(1);
    expect(adminMail[0]!.resumo).toMatch(new RegExp(`^admin:${admin.id}:`));

    // The mails: the professional's at once, the admins' in their hourly digest.
    await runOutboxOnce(t.app.ctx);
    const mail = smtp.to(p.email).find((m) => m.subject === 'Garantia acionada: Quadro elétrico 1');
    expect(mail?.text).toContain('Cliente Garantia 1 acionou a garantia técnica do trabalho "Quadro elétrico 1"');
    expect(mail?.text).toContain(`${BASE}/areadoprofissional/menu#garantias`);
    const [adminRow] = (await t.db.execute<{ email: string }>(sql`select email from admins where id = ${admin.id}`)).rows;
    advance(nextHourlyDigest(clock.now()).at.getTime() - clock.now().getTime() + 1000);
    await runOutboxOnce(t.app.ctx);
    const digest = smtp.to(adminRow!.email).at(-1);
    expect(digest?.text).toContain('Garantias acionadas por clientes (1)');
    expect(digest?.text).toContain(`${BASE}/listagem-garantias`);

    // The client's project card shows it; a second claim is refused.
    const mine = (await inject('GET', `/api/requests/cliente/${c.id}`, c)).json().items[0];
    expect(mine).toMatchObject({ id: requestId, garantia: { id: g.id, estado: 'ABERTA', agendadoPara: null } });
    expect(Date.parse(mine.concluidoEm)).toBeGreaterThan(0);
    const again = await openClaim(c, requestId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GARANTIA_MSG.jaAcionada);
  });

  it('on day 15 it is refused with a clear pt-PT message, and nothing is written or stored', async () => {
    const { c, p, requestId } = await concluded();
    advance(14 * DAY + 60_000);
    const before = { claims: await claimsCount(), files: privateFiles(), bell: (await bell(p)).length };
    const late = await openClaim(c, requestId, undefined, [photo(png)]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'GUARANTEE_EXPIRED',
      message: 'O prazo da garantia terminou: a garantia só pode ser acionada até 14 dias depois de o projeto ser concluído.',
    });
    advance(DAY);
    expect((await openClaim(c, requestId)).json().code).toBe('GUARANTEE_EXPIRED');
    expect(await claimsCount()).toBe(before.claims);
    expect(privateFiles()).toBe(before.files);
    expect((await bell(p)).length).toBe(before.bell);
    expect((await inject('GET', `/api/requests/cliente/${c.id}`, c)).json().items[0].garantia).toBeNull();
  });

  it('two claims sent at once for one project: one is opened, the other gets 409 (unique index)', async () => {
    const { c, requestId } = await concluded();
    const before = await claimsCount();
    const answers = await Promise.all([openClaim(c, requestId), openClaim(c, requestId, 'O disjuntor dispara quando chove.')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(GARANTIA_MSG.jaAcionada);
    expect(await claimsCount()).toBe(before + 1);
  });

  it('only the client of a concluded project with a chosen professional may open one', async () => {
    const open = await concluded({ concluir: false });
    const none = await concluded({ escolhido: false });
    const done = await concluded();
    const stranger = await registerAndLogin(t.app, 'cliente');
    const before = await claimsCount();

    const notDone = await openClaim(open.c, open.requestId);
    expect([notDone.statusCode, notDone.json().message]).toEqual([409, 'Só pode acionar a garantia de um projeto concluído.']);
    const nobody = await openClaim(none.c, none.requestId);
    expect([nobody.statusCode, nobody.json().message]).toEqual([409, GARANTIA_MSG.semProfissional]);
    const foreign = await openClaim(stranger, done.requestId);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Projeto não encontrado.']);
    expect((await openClaim(done.c, 2147483647)).statusCode).toBe(404);
    expect((await openClaim(done.p, done.requestId)).statusCode).toBe(403);
    expect((await openClaim(admin, done.requestId)).statusCode).toBe(403);
    expect((await openClaim({ auth: {} }, done.requestId)).statusCode).toBe(401);
    expect(await claimsCount()).toBe(before);
  });

  it('checks the description and the photos in pt-PT before storing anything', async () => {
    const { c, requestId } = await concluded();
    const before = { claims: await claimsCount(), files: privateFiles() };
    const cases: [Awaited<ReturnType<typeof openClaim>>, number, string][] = [
      [await openClaim(c, requestId, null), 400, 'Descreva o problema.'],
      [await openClaim(c, requestId, '   '), 400, 'Descreva o problema.'],
      [await openClaim(c, requestId, 'Avariou.'), 400, 'Descreva o problema com pelo menos 10 caracteres.'],
      [await openClaim(c, requestId, 'x'.repeat(2001)), 400, 'A descrição tem no máximo 2000 caracteres.'],
      [await openClaim(c, requestId, 'Tomada a aquecer\u0000 outra vez'), 400, 'O texto contém caracteres inválidos.'],
      [await openClaim(c, requestId, null, [photo(png, 1), photo(png, 2), photo(png, 3), photo(png, 4)]), 400, 'Descreva o problema.'],
      [
        await openClaim(c, requestId, 'A tomada voltou a aquecer.', [photo(png, 1), photo(png, 2), photo(png, 3), photo(png, 4)]),
        400,
        'Pode juntar no máximo 3 fotografias.',
      ],
      [
        await openClaim(c, requestId, 'A tomada voltou a aquecer.', [
          { field: 'fotos', filename: 'x.png', type: 'image/png', data: Buffer.from('isto não é uma imagem') },
        ]),
        400,
        M.imagemTipo,
      ],
    ];
    for (const [res, status, message] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const json = await inject('POST', `/api/requests/${requestId}/garantia`, c, { descricao: 'A tomada voltou a aquecer.' });
    expect(json.statusCode).toBe(400);
    expect(await claimsCount()).toBe(before.claims);
    expect(privateFiles()).toBe(before.files);
    // Without photos is fine.
    const ok = await openClaim(c, requestId, 'A tomada voltou a aquecer.');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().fotos).toBe(0);
  });
});

describe(`guarantee: answer, closing, privacy (${TEST_DB})`, () => {
  let claim: { c: Session; p: Session; requestId: number; nomeP: string; id: number };
  beforeAll(async () => {
    const x = await concluded();
    advance(3 * DAY);
    const res = await openClaim(x.c, x.requestId, 'O disjuntor continua a disparar à noite.', [photo(png, 1), photo(await jpegWithGps(), 2)]);
    expect(res.statusCode, res.body).toBe(201);
    claim = { ...x, id: res.json().id };
  });

  it('photos are private: served to the client, the chosen professional and admins only, without metadata', async () => {
    const other = await registerAndLogin(t.app, 'cliente');
    const otherPro = await registerAndLogin(t.app, 'profissional');
    for (const who of [claim.c, claim.p, admin]) {
      const res = await inject('GET', `/api/garantias/${claim.id}/fotos/2`, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    for (const who of [other, otherPro]) {
      const res = await inject('GET', `/api/garantias/${claim.id}/fotos/1`, who);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Garantia não encontrada.']);
    }
    expect((await inject('GET', `/api/garantias/${claim.id}/fotos/1`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/garantias/${claim.id}/fotos/3`, claim.c)).statusCode).toBe(404);
    expect((await inject('GET', `/api/garantias/${claim.id}/fotos/4`, claim.c)).statusCode).toBe(400);
    // Nor through the public files route.
    const [row] = (await t.db.execute<{ fotos: string[] }>(sql`select fotos from garantias where id = ${claim.id}`)).rows;
    expect((await inject('GET', `/api/files/${row!.fotos[0]}`)).statusCode).toBe(404);
  });

  it("nobody else reads or answers a claim (404, as for any other person's resource)", async () => {
    const other = await registerAndLogin(t.app, 'cliente');
    const otherPro = await registerAndLogin(t.app, 'profissional');
    for (const who of [other, otherPro]) expect((await inject('GET', `/api/garantias/${claim.id}`, who)).statusCode).toBe(404);
    expect((await inject('GET', `/api/garantias/${claim.id}`, claim.c)).json()).toMatchObject({
      id: claim.id,
      profissional: { id: claim.p.id, contacto: null },
    });
    // The professional sees the project's contact (he paid for it); admins see the e-mails.
    expect((await inject('GET', `/api/garantias/${claim.id}`, claim.p)).json().cliente).toMatchObject({
      id: claim.c.id,
      contacto: '+351912345678',
      email: null,
    });
    expect((await inject('GET', `/api/garantias/${claim.id}`, admin)).json().cliente.email).toBe(claim.c.email);
    expect((await inject('GET', '/api/cliente/garantias', other)).json().items).toEqual([]);
    expect((await inject('GET', '/api/profissional/garantias', otherPro)).json().items).toEqual([]);

    const future = new Date(clock.now().getTime() + 2 * DAY).toISOString();
    const stolen = await inject('PATCH', `/api/garantias/${claim.id}/aceitar`, otherPro, { agendadoPara: future });
    expect([stolen.statusCode, stolen.json().message]).toEqual([404, 'Garantia não encontrada.']);
    expect((await inject('PATCH', `/api/garantias/${claim.id}/contestar`, otherPro, { resposta: 'Não fui eu que fiz este trabalho.' })).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/garantias/${claim.id}/aceitar`, claim.c, { agendadoPara: future })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/admin/garantias/${claim.id}/fechar`, claim.p, { resolucao: 'Resolvido.' })).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/garantias', claim.c)).statusCode).toBe(403);
    expect((await inject('GET', `/api/garantias/${claim.id}`, claim.c)).json().estado).toBe('ABERTA');
  });

  it('the professional accepts with a date (in the future) once; the client is told; the admin closes it and both are told', async () => {
    const { c, p, id, nomeP } = claim;
    const mine = (await inject('GET', '/api/profissional/garantias', p)).json().items;
    expect(mine).toEqual([expect.objectContaining({ id, estado: 'ABERTA', fotos: 2, descricao: 'O disjuntor continua a disparar à noite.' })]);

    const past = await inject('PATCH', `/api/garantias/${id}/aceitar`, p, { agendadoPara: new Date(clock.now().getTime() - 60_000).toISOString() });
    expect([past.statusCode, past.json().message]).toEqual([400, 'A data da visita tem de ser no futuro.']);
    expect((await inject('PATCH', `/api/garantias/${id}/aceitar`, p, { agendadoPara: 'amanhã' })).json().message).toBe('A data da visita não é válida.');
    expect((await inject('PATCH', `/api/garantias/${id}/aceitar`, p, {})).json().message).toBe('Indique a data e a hora da visita.');
    const far = new Date(clock.now().getTime() + 61 * DAY).toISOString();
    expect((await inject('PATCH', `/api/garantias/${id}/aceitar`, p, { agendadoPara: far })).json().message).toBe(
      'A visita tem de ser marcada nos próximos 60 dias.',
    );
    expect(await bell(c).then((b) => b.filter((x) => x.tipo === 'garantia_respondida'))).toEqual([]);

    const when = new Date(clock.now().getTime() + 2 * DAY);
    when.setUTCHours(14, 30, 0, 0);
    const ok = await inject('PATCH', `/api/garantias/${id}/aceitar`, p, { agendadoPara: when.toISOString(), resposta: 'Passo lá para trocar o disjuntor.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ estado: 'ACEITE', agendadoPara: when.toISOString(), resposta: 'Passo lá para trocar o disjuntor.' });
    const twice = await inject('PATCH', `/api/garantias/${id}/contestar`, p, { resposta: 'Afinal não concordo com o pedido.' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Esta garantia já foi respondida.']);

    const told = (await bell(c)).find((x) => x.tipo === 'garantia_respondida');
    expect(told?.corpo).toContain(`${nomeP} aceitou a garantia de`);
    expect(told?.link).toBe(`/projetos/${c.id}`);
    expect((await outbox('garantia_respondida')).filter((r) => r.destinatario_id === c.id)).toHaveLength(1);
    expect((await inject('GET', `/api/requests/cliente/${c.id}`, c)).json().items[0].garantia).toMatchObject({
      estado: 'ACEITE',
      agendadoPara: when.toISOString(),
    });

    // The back office: filter, then close with the resolution.
    const aceites = (await inject('GET', '/api/admin/garantias?estado=ACEITE&pageSize=50', admin)).json();
    expect(aceites.items.map((x: { id: number }) => x.id)).toContain(id);
    expect(aceites.items.every((x: { estado: string }) => x.estado === 'ACEITE')).toBe(true);
    expect((await inject('PATCH', `/api/admin/garantias/${id}/fechar`, admin, { resolucao: '  ' })).json().message).toBe('Escreva a resolução.');
    const closed = await inject('PATCH', `/api/admin/garantias/${id}/fechar`, admin, { resolucao: 'Disjuntor substituído na visita; cliente satisfeito.' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      estado: 'FECHADA',
      resolucao: 'Disjuntor substituído na visita; cliente satisfeito.',
      fechadoPorNome: 'Admin Teste',
    });
    const again = await inject('PATCH', `/api/admin/garantias/${id}/fechar`, admin, { resolucao: 'Outra vez.' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Esta garantia já está encerrada.']);
    expect((await inject('PATCH', `/api/admin/garantias/2147483647/fechar`, admin, { resolucao: 'x' })).statusCode).toBe(404);
    expect((await bell(c)).map((x) => x.tipo)).toContain('garantia_fechada');
    expect((await bell(p)).map((x) => x.tipo)).toContain('garantia_fechada');
    const closing = await outbox('garantia_fechada');
    expect(
      closing.filter(
        (r) => (r.destinatario_tipo === 'cliente' && r.destinatario_id === c.id) || (r.destinatario_tipo === 'profissional' && r.destinatario_id === p.id),
      ),
    ).toHaveLength(2);
    const audit = (await t.db.execute<{ n: number }>(sql`select count(*)::int n from audit_log where acao = 'GARANTIA_FECHADA' and alvo_id = ${id}`)).rows[0]!;
    expect(Number(audit.n)).toBe(1);
    await runOutboxOnce(t.app.ctx);
    expect(smtp.to(c.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Garantia aceite: ${closed.json().titulo}`, `Garantia encerrada: ${closed.json().titulo}`]),
    );
    expect(smtp.to(c.email).find((m) => m.subject.startsWith('Garantia encerrada'))?.text).toContain('Disjuntor substituído na visita; cliente satisfeito.');
  });

  it('the professional disputes with a message; the admin closes an unanswered one; the figures count them', async () => {
    const a = await concluded();
    advance(DAY);
    const disputed = (await openClaim(a.c, a.requestId, 'A luz da casa de banho não acende.')).json();
    expect((await inject('PATCH', `/api/garantias/${disputed.id}/contestar`, a.p, { resposta: 'curto' })).json().message).toBe(
      'Escreva pelo menos 10 caracteres.',
    );
    const d = await inject('PATCH', `/api/garantias/${disputed.id}/contestar`, a.p, { resposta: 'A lâmpada fundiu: não faz parte do trabalho feito.' });
    expect(d.json()).toMatchObject({ estado: 'CONTESTADA', agendadoPara: null, resposta: 'A lâmpada fundiu: não faz parte do trabalho feito.' });
    expect((await bell(a.c)).find((x) => x.tipo === 'garantia_respondida')?.corpo).toContain('contestou');

    const b = await concluded();
    const c2 = await registerAndLogin(t.app, 'cliente');
    // A second project of another client with the same professional: unanswered, closed by the admin.
    const created = await inject('POST', '/api/requests/create', c2, projectPayload({ titulo: 'Tomadas da sala' }));
    const rid = created.json().id as number;
    await inject('PATCH', `/api/requests/${rid}/aprovar`, admin, { creditos: 5 });
    await inject('POST', '/api/creditos/usar', b.p, { requestId: rid });
    await completeWith(t.app, c2, rid, b.p.id);
    const open1 = (await openClaim(b.c, b.requestId)).json();
    const open2 = (await openClaim(c2, rid)).json();
    await inject('PATCH', `/api/garantias/${open1.id}/aceitar`, b.p, { agendadoPara: new Date(clock.now().getTime() + DAY).toISOString() });
    expect(
      (await inject('PATCH', `/api/admin/garantias/${open2.id}/fechar`, admin, { resolucao: 'Sem resposta do profissional; cliente contactado.' })).json()
        .estado,
    ).toBe('FECHADA');

    // Open ones first in the back office.
    const all = (await inject('GET', '/api/admin/garantias?pageSize=50', admin)).json().items as { estado: string }[];
    const order = ['ABERTA', 'ACEITE', 'CONTESTADA', 'FECHADA'];
    expect(all.map((x) => order.indexOf(x.estado))).toEqual([...all.map((x) => order.indexOf(x.estado))].sort((x, y) => x - y));
    const page1 = (await inject('GET', '/api/admin/garantias?pageSize=1', admin)).json();
    expect([page1.items.length, page1.hasMore]).toEqual([1, true]);
    // Page after page (each page's ids first, then its rows joined: garantias.service claimsPage), the
    // same claims in the same order, each whole (project, people, closing admin), as on one long page.
    const pages = async (url: string, who: Auth, total: number) => {
      const items: unknown[] = [];
      for (let p = 1; p <= total + 1; p++) items.push(...(await inject('GET', `${url}${url.includes('?') ? '&' : '?'}pageSize=1&page=${p}`, who)).json().items);
      return items;
    };
    expect(await pages('/api/admin/garantias', admin, all.length)).toEqual(all);
    const closedOne = all.find((x) => x.estado === 'FECHADA') as unknown as { fechadoPorNome: string; cliente: { email: string }; concluidoEm: string };
    expect(closedOne.fechadoPorNome).toBeTruthy();
    expect(closedOne.cliente.email).toContain('@');
    expect(closedOne.concluidoEm).toBeTruthy();
    const ofB = (await inject('GET', '/api/profissional/garantias?pageSize=50', b.p)).json().items as { id: number; cliente: { nome: string } }[];
    expect(ofB.map((x) => x.id)).toEqual([open1.id, open2.id].sort((x, y) => y - x));
    expect(ofB.every((x) => x.cliente.nome)).toBe(true);
    expect(await pages('/api/profissional/garantias', b.p, 2)).toEqual(ofB);
    expect(await pages('/api/cliente/garantias', c2, 1)).toEqual((await inject('GET', '/api/cliente/garantias', c2)).json().items);
    expect((await inject('GET', `/api/admin/garantias?profissionalId=${b.p.id}`, admin)).json().items).toHaveLength(2);
    expect((await inject('GET', '/api/admin/garantias?estado=PERDIDA', admin)).json().message).toBe('Estado inválido.');

    // Public figures on the profile; the admin's per professional.
    expect((await inject('GET', `/api/profissional/${b.p.id}/garantias`, a.c)).json()).toEqual({
      profissionalId: b.p.id,
      acionadas: 2,
      aceites: 1,
      contestadas: 0,
      semResposta: 1,
    });
    expect((await inject('GET', `/api/profissional/${a.p.id}/garantias`, a.c)).json()).toMatchObject({ acionadas: 1, aceites: 0, contestadas: 1 });
    const figures = (await inject('GET', `/api/admin/garantias/numeros?ids=${a.p.id},${b.p.id},2147483647`, admin)).json();
    expect(figures).toEqual([
      { profissionalId: a.p.id, acionadas: 1, aceites: 0, contestadas: 1, semResposta: 0 },
      { profissionalId: b.p.id, acionadas: 2, aceites: 1, contestadas: 0, semResposta: 1 },
      { profissionalId: 2147483647, acionadas: 0, aceites: 0, contestadas: 0, semResposta: 0 },
    ]);
    expect((await inject('GET', '/api/admin/garantias/numeros?ids=1,x', admin)).json().message).toBe('Lista de identificadores inválida.');
    expect((await inject('GET', `/api/admin/garantias/numeros?ids=${a.p.id}`, a.c)).statusCode).toBe(403);
  });

  it("RGPD: the client's export carries its claims; deleting the account keeps the claim without its text and photos", async () => {
    const x = await concluded();
    const res = await openClaim(x.c, x.requestId, 'Fuga de água debaixo do lava-loiça.', [photo(png)]);
    expect(res.statusCode).toBe(201);
    const exported = (await inject('GET', '/api/cliente/export-data', x.c)).json();
    expect(exported.garantias).toEqual([expect.objectContaining({ descricao: 'Fuga de água debaixo do lava-loiça.', fotografias: 1, estado: 'ABERTA' })]);
    const files = privateFiles();
    const del = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: x.c.auth, payload: { senha: 'Segura#123' } });
    expect(del.statusCode, del.body).toBe(200);
    expect(privateFiles()).toBe(files - 1);
    const kept = (await inject('GET', `/api/garantias/${res.json().id}`, admin)).json();
    expect(kept).toMatchObject({
      cliente: null,
      requestId: null,
      fotos: 0,
      descricao: 'Descrição eliminada com a conta do cliente.',
      titulo: res.json().titulo,
    });
    expect((await inject('GET', `/api/profissional/${x.p.id}/garantias`, admin)).json().acionadas).toBe(1);
  });
});

describeOnPostgres('a claim while the professional deletes the account', () => {
  it('the two wait for each other: the account goes, the claim is refused in Portuguese (nobody left to answer it), no 503', async () => {
    const { c, p, requestId } = await concluded();
    // The staging: his application held elsewhere, so the deletion waits for it; then the claim. Before
    // the deletion locked his projects first, it held his row (the DELETE) while waiting, and the claim
    // locked the project and waited for his row (its foreign key); released, the deletion's SET NULL
    // waited for that project. A deadlock, one of the two a 503.
    const [d, r] = await stagedRace(
      t.db,
      sql`select 1 from candidaturas where profissional_id = ${p.id} for update`,
      () => t.app.inject({ method: 'DELETE', url: '/api/profissional/delete-account', headers: p.auth, payload: { senha: 'Segura#123' } }),
      () => openClaim(c, requestId),
    );
    expect(d.statusCode).toBe(200);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'NO_PROFESSIONAL', message: GARANTIA_MSG.semProfissional });
    expect(Number((await t.db.execute<{ n: number }>(sql`select count(*)::int n from garantias where request_id = ${requestId}`)).rows[0]!.n)).toBe(0);
  });
});
