import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatEuros, NOTIFICATIONS_TEXTS } from '@tc/shared';
import { adminSession, createTestApp, projectPayload, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';
import { multipart, pngBytes } from '../../test/images';
import { startSmtp } from '../../test/smtp';
import type { Clock } from '../../lib/clock';
import { runOutboxOnce } from './outbox-worker';
import { nextDailyDigest, nextHourlyDigest } from './schedule';

/**
 * Events → the right people, and only them: mails read from a real SMTP receiver, the bell through
 * its API. The worker's own behaviour (digests, retries, restarts, concurrency) is in outbox-worker.test.ts.
 */
const BASE = 'https://tecnicocerto.example';
const ESP = 'substituicao-quadros-eletricos';
/**
 * Real time, shifted when a test jumps ahead (to 08:00, to the next hour). Shifted rather than frozen:
 * a module that records an event without passing the clock's time uses the real one, and its mail
 * must still be due.
 */
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const moveTo = (at: Date | number | string) => {
  offset = Math.max(offset, new Date(at).getTime() - Date.now());
};
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let png: Buffer;
type Session = Awaited<ReturnType<typeof registerAndLogin>>;

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

const send = () => runOutboxOnce(t.app.ctx);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const unread = async (s: { auth: Record<string, string> }) => (await get('/api/notificacoes/por-ler', s.auth)).json().total as number;
const subjects = (email: string) => smtp.to(email).map((m) => m.subject);

/** A client whose e-mail is confirmed through the link of the confirmation mail. */
async function confirmedClient(nome: string) {
  const c = await registerAndLogin(t.app, 'cliente', { nome });
  await send();
  const mail = smtp.to(c.email).find((m) => m.subject === 'Confirme o seu e-mail');
  const token = /confirmar-email\?t=([\w.-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, 'confirmation link in the mail').toBeTruthy();
  expect((await get(`/api/cliente/confirmar-email?t=${token}`)).statusCode).toBe(200);
  return c;
}

/** A professional with a completed profile (specialties, district, ID documents). */
async function pro(nome: string, bairro: string, especialidades: string[]) {
  const p = await registerAndLogin(t.app, 'profissional', { nome, bairro });
  const form = multipart({ id: String(p.id), telefone: '+351916000222', consentimento: 'true', 'especialidades[]': especialidades }, [
    { field: 'fotoPerfil', filename: 'f.png', type: 'image/png', data: png },
    { field: 'ccFrente', filename: 'a.png', type: 'image/png', data: png },
    { field: 'ccVerso', filename: 'b.png', type: 'image/png', data: png },
  ]);
  const res = await t.app.inject({ method: 'PUT', url: '/api/profissional/complete-profile', headers: { ...p.auth, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

/** Published by the client, approved and priced by the admin in one step: visible in job search. */
async function visibleProject(client: Session, over: Record<string, unknown> = {}, creditos = 5) {
  const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload: projectPayload(over) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth, payload: { creditos } });
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

async function buyBasico(p: Session) {
  const co = await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'basico', metodo: 'card' } });
  expect(co.statusCode, co.body).toBe(200);
  const ok = await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${co.json().pagamentoId}/confirmar`, headers: p.auth });
  expect(ok.statusCode, ok.body).toBe(200);
}

const apply = (p: Session, requestId: number) => t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } });

describe(`notifications: who hears what (${TEST_DB})`, () => {
  it('e-mail confirmation is transactional: in the product look, with its link, no bell row and nothing to unsubscribe', async () => {
    const c = await registerAndLogin(t.app, 'cliente', { nome: 'Inês Nova' });
    await send();
    const [mail] = smtp.to(c.email);
    expect(mail?.subject).toBe('Confirme o seu e-mail');
    expect(mail!.text).toContain(`${BASE}/confirmar-email?t=`);
    expect(mail!.text).toContain('Olá, Inês Nova.');
    expect(mail!.html).toContain('Técnico Certo');
    // The brand: deep blue band, amber button (apps/web/src/styles/global.css).
    expect(mail!.html).toContain('#172554');
    expect(mail!.html).toContain('background:#f59e0b');
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
    expect(mail!.html).not.toContain('Deixar de receber');
    expect(await unread(c)).toBe(0);
  });

  it('a new project reaches by e-mail only the professionals of its specialty in its district; urgent at once, normal at once or in the 08:00 digest', async () => {
    const ana = await pro('Ana Eletricista', 'Lisboa', [ESP]);
    const bruno = await pro('Bruno Diário', 'Lisboa', [ESP, 'falta-energia']);
    const carla = await pro('Carla Porto', 'Porto', [ESP]);
    const duarte = await pro('Duarte Canalizador', 'Lisboa', ['falta-energia']);
    const daily = await t.app.inject({
      method: 'PUT',
      url: '/api/notificacoes/preferencias',
      headers: bruno.auth,
      payload: { desligados: [], novosProjetos: 'DIARIO' },
    });
    expect(daily.json().novosProjetos).toBe('DIARIO');
    const client = await confirmedClient('Marta Cliente');

    const before = smtp.inbox.length;
    const id1 = await visibleProject(client, { titulo: 'Quadro elétrico a disparar' });
    await send();
    expect(
      smtp.inbox
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual([ana.email, client.email].sort());
    const mail = smtp.to(ana.email).at(-1)!;
    expect(mail.subject).toBe('Novo projeto: Quadro elétrico a disparar (Lisboa)');
    expect(mail.text).toContain(`Ver o projeto: ${BASE}/areadoprofissional/detalhes-chamado/${id1}`);
    expect(mail.text).toContain('Distrito: Lisboa\r\nEspecialidade');
    expect(mail.text).toContain('Especialidade: Substituição de quadros elétricos');
    expect(mail.text).toContain('Urgência: Normal');
    expect(mail.text).toContain('Preço da candidatura: 5 créditos');
    expect(mail.html).toContain(`href="${BASE}/areadoprofissional/detalhes-chamado/${id1}"`);
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${BASE}/api/notificacoes/cancelar\\?t=[\\w.-]+>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['message-id']).toMatch(/^<outbox-\d+@tecnicocerto\.pt>$/);
    expect(subjects(client.email)).toContain('O seu projeto "Quadro elétrico a disparar" já está visível para os profissionais');
    // The bell: both matching professionals (the digest's one too), nobody else.
    expect([await unread(ana), await unread(bruno), await unread(carla), await unread(duarte)]).toEqual([1, 1, 0, 0]);

    // An emergency (AVARIA, "Urgente 24h"): e-mailed at once to those on call, even the one who chose
    // the daily digest; Ana does not take emergencies: the bell only, no e-mail.
    const onCall = await t.app.inject({
      method: 'PUT',
      url: '/api/profissional/urgencias',
      headers: bruno.auth,
      payload: { aceitaUrgencias: true, inicio: 0, fim: 24 },
    });
    expect(onCall.statusCode, onCall.body).toBe(200);
    await visibleProject(client, { titulo: 'Sem luz em casa', tempo: 'AVARIA' });
    await visibleProject(client, { titulo: 'Tomadas novas na cozinha' });
    await send();
    expect(subjects(bruno.email)).toEqual(['Urgente 24h · Avaria: Sem luz em casa (Lisboa)']);
    expect(subjects(ana.email)).toEqual(['Novo projeto: Quadro elétrico a disparar (Lisboa)', 'Novo projeto: Tomadas novas na cozinha (Lisboa)']);
    expect(await unread(ana)).toBe(3);
    expect(smtp.to(carla.email)).toHaveLength(0);
    expect(smtp.to(duarte.email)).toHaveLength(0);

    // Nothing before 08:00 (Lisbon); at 08:00 one mail with both normal projects.
    const eight = nextDailyDigest(clock.now()).at;
    expect(new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', hour: '2-digit', minute: '2-digit' }).format(eight)).toBe('08:00');
    moveTo(eight.getTime() - 60_000);
    await send();
    expect(smtp.to(bruno.email)).toHaveLength(1);
    moveTo(eight);
    await send();
    const digests = smtp.to(bruno.email).slice(1);
    expect(digests.map((m) => m.subject)).toEqual(['Resumo diário: 2 novos projetos na sua zona']);
    expect(digests[0]!.text).toContain('Quadro elétrico a disparar');
    expect(digests[0]!.text).toContain('Tomadas novas na cozinha');
    expect(digests[0]!.text).toContain(`${BASE}/areadoprofissional/detalhes-chamado/${id1}`);
    const { rows } = await t.db.execute<{ estado: string }>(sql`
      select estado from email_outbox where destinatario_tipo = 'profissional' and destinatario_id = ${bruno.id} order by id`);
    expect(rows.map((r) => r.estado).sort()).toEqual(['AGRUPADO', 'ENVIADO', 'ENVIADO']);
    expect([await unread(bruno), await unread(carla), await unread(duarte)]).toEqual([3, 0, 0]);
  });

  it('the client hears of each applicant (name, rating, badge, profile link) and of the fifth; the buyer of credits gets the receipt', async () => {
    const client = await confirmedClient('Rita Cliente');
    const verified = await pro('Vasco Verificado', 'Faro', ['falta-energia']);
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/admin/profissionais/${verified.id}/verificacao`,
      headers: admin.auth,
      payload: { decisao: 'VERIFICADO' },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const others = await Promise.all(
      ['Otávio', 'Olga', 'Óscar', 'Odete'].map((n) => registerAndLogin(t.app, 'profissional', { nome: `${n} Candidato`, bairro: 'Faro' })),
    );
    for (const p of [verified, ...others]) await buyBasico(p);
    await send();
    const receipt = smtp.to(verified.email).at(-1)!;
    expect(receipt.subject).toBe('Pagamento confirmado: 20 créditos no seu saldo');
    expect(receipt.text).toContain('Plano: Básico');
    expect(receipt.text).toContain(`Valor: ${formatEuros(1)}`);
    expect(receipt.text).toContain('Saldo atual: 20 créditos');

    const id = await visibleProject(client, { titulo: 'Caixa de derivação', bairro: 'Faro', especialidade: 'falta-energia' });
    expect((await apply(verified, id)).statusCode).toBe(201);
    await send();
    const told = smtp.to(client.email).at(-1)!;
    expect(told.subject).toBe('Vasco Verificado candidatou-se ao seu projeto "Caixa de derivação"');
    expect(told.text).toContain('Avaliação: Ainda sem avaliações');
    expect(told.text).toContain('Verificado');
    expect(told.html).toContain('✓ Verificado');
    expect(told.text).toContain(`${BASE}/profissionais/${verified.id}`);

    for (const p of others) expect((await apply(p, id)).statusCode).toBe(201);
    await send();
    const last = subjects(client.email).slice(-5);
    expect(last.filter((s) => s.includes('candidatou-se'))).toHaveLength(4);
    expect(last.filter((s) => s === 'O seu projeto "Caixa de derivação" já tem 5 candidatos')).toHaveLength(1);
    // approved + 5 applicants + full
    expect(await unread(client)).toBe(7);
    // Written by the application's statement as the template's data: the bell's text rendered when read.
    const bell = (await get('/api/notificacoes?pageSize=3', client.auth)).json().items;
    expect(bell[0]).toMatchObject({
      tipo: 'projeto_lotado',
      titulo: 'Projeto completo',
      corpo: '"Caixa de derivação" tem 5 candidatos: escolha quem fará o serviço.',
      link: `/projetos/${client.id}`,
    });
    expect(bell.slice(1).map((n: { tipo: string; titulo: string; corpo: string }) => [n.tipo, n.titulo, n.corpo])).toEqual(
      expect.arrayContaining([['nova_candidatura', 'Novo candidato', 'Odete Candidato candidatou-se a "Caixa de derivação".']]),
    );
  });

  it('admins get one digest an hour (reviews and documents waiting); an approved review is told to the professional and its author', async () => {
    const client = await confirmedClient('Sofia Avaliadora');
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Paulo Avaliado', bairro: 'Braga' });
    await buyBasico(p);
    const id = await visibleProject(client, { titulo: 'Luzes do jardim', bairro: 'Braga' });
    expect((await apply(p, id)).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/requests/${id}/escolher`, headers: client.auth, payload: { profissionalId: p.id } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/concluir`, headers: client.auth, payload: { profissionalId: p.id } })).statusCode,
    ).toBe(200);

    // A quiet start of an hour; an admin who hears only what happens from now on.
    moveTo(nextHourlyDigest(clock.now()).at.getTime() + 5 * 60_000);
    await send();
    const second = await adminSession(t.app);
    const [row] = (await t.db.execute<{ email: string }>(sql`select email from admins where id = ${second.id}`)).rows;
    const secondEmail = row!.email;

    const review = await t.app.inject({
      method: 'POST',
      url: '/api/review/create',
      headers: client.auth,
      payload: { profissionalId: p.id, requestId: id, nota: 5, comentario: 'Rápido e cuidadoso.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    await pro('Zé Documentos', 'Évora', ['falta-energia']);
    // A project published in the same hour: its news is written by the publishing statement as data.
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/requests/create',
      headers: client.auth,
      payload: projectPayload({ titulo: 'Quadro novo', bairro: 'Braga' }),
    });
    expect(published.statusCode, published.body).toBe(201);
    const due = nextHourlyDigest(clock.now()).at;
    moveTo(due.getTime() - 60_000);
    await send();
    expect(smtp.to(secondEmail)).toHaveLength(0);
    expect(await unread(second)).toBe(3);
    expect((await get('/api/notificacoes?pageSize=1', second.auth)).json().items[0]).toMatchObject({
      tipo: 'admin_projeto_pendente',
      titulo: 'Projetos por aprovar',
      corpo: 'Há projetos novos à espera de aprovação.',
      link: '/listagem-projetos',
    });
    // New projects are one piece of news an hour, however many: the queue lists them.
    const another = await t.app.inject({
      method: 'POST',
      url: '/api/requests/create',
      headers: client.auth,
      payload: projectPayload({ titulo: 'Tomadas da garagem' }),
    });
    expect(another.statusCode, another.body).toBe(201);
    expect(await unread(second)).toBe(3);
    moveTo(due);
    await send();
    const mails = smtp.to(secondEmail);
    expect(mails.map((m) => m.subject)).toEqual(['Administração: 3 novidades à sua espera']);
    expect(mails[0]!.text).toMatch(/^Projetos à espera de aprovação\r?$/m);
    expect(mails[0]!.text).toContain(`- Há projetos novos à espera de aprovação: ${BASE}/listagem-projetos`);
    expect(mails[0]!.text).not.toContain('Quadro novo');
    expect(mails[0]!.html).toContain(`href="${BASE}/listagem-projetos"`);
    expect(mails[0]!.text).toContain('Avaliações à espera de moderação (1)');
    expect(mails[0]!.text).toContain('5 de 5 para Paulo Avaliado, de Sofia Avaliadora');
    expect(mails[0]!.text).toContain(`${BASE}/listagem-reviews`);
    expect(mails[0]!.text).toContain('Documentos de profissionais por verificar (1)');
    expect(mails[0]!.text).toContain('Zé Documentos (Évora)');
    expect(mails[0]!.html).toContain(`href="${BASE}/listagem-profissionais"`);
    expect(mails[0]!.headers['list-unsubscribe']).toBeTruthy();
    await send();
    expect(smtp.to(secondEmail)).toHaveLength(1);

    // Approved: the professional and the author hear of it.
    expect(subjects(p.email)).not.toContain('Recebeu uma avaliação de 5 estrelas');
    expect((await t.app.inject({ method: 'PUT', url: `/api/review/accept/${review.json().id}`, headers: admin.auth })).statusCode).toBe(200);
    await send();
    const proMail = smtp.to(p.email).at(-1)!;
    expect(proMail.subject).toBe('Recebeu uma avaliação de 5 estrelas');
    expect(proMail.text).toContain('"Rápido e cuidadoso."');
    expect(proMail.text).toContain(`${BASE}/areadoprofissional/minhas-avaliacoes`);
    expect(subjects(client.email)).toContain('A sua avaliação de Paulo Avaliado foi publicada');
  });
});

describe(`notifications: preferences and unsubscribing (${TEST_DB})`, () => {
  it("an hour's publications tell each admin once (one e-mail line, one bell row), whatever their number; the next hour again", async () => {
    const client = await confirmedClient('Bruno Publicador');
    await adminSession(t.app);
    moveTo(nextHourlyDigest(clock.now()).at.getTime() + 60_000);
    const counts = async () =>
      (
        await t.db.execute<{ mail: number; bell: number; admins: number }>(sql`
        select (select count(*)::int from email_outbox where destinatario_tipo = 'admin' and tipo = 'admin_projeto_pendente') as mail,
          (select count(*)::int from notificacoes where destinatario_tipo = 'admin' and tipo = 'admin_projeto_pendente') as bell,
          (select count(*)::int from admins) as admins`)
      ).rows[0]!;
    const publish = async (titulo: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload: projectPayload({ titulo }) });
      expect(res.statusCode, res.body).toBe(201);
    };
    const before = await counts();
    expect(before.admins).toBeGreaterThan(1);
    for (let i = 1; i <= 4; i++) await publish(`Quadro da loja ${i}`);
    const hour = await counts();
    expect([hour.mail - before.mail, hour.bell - before.bell]).toEqual([before.admins, before.admins]);
    moveTo(nextHourlyDigest(clock.now()).at.getTime() + 60_000);
    await publish('Quadro da loja 5');
    await publish('Quadro da loja 6');
    const next = await counts();
    expect([next.mail - hour.mail, next.bell - hour.bell]).toEqual([before.admins, before.admins]);
  });

  it('lists the kinds of the role with pt-PT labels and switches one off: no e-mail, the bell still counts', async () => {
    const client = await confirmedClient('Clara Silenciosa');
    const prefs = (await get('/api/notificacoes/preferencias', client.auth)).json();
    expect(prefs.novosProjetos).toBeNull();
    expect(prefs.email).toEqual([
      { tipo: 'projeto_aprovado', label: 'Projeto aprovado e visível para os profissionais', ativo: true },
      { tipo: 'nova_candidatura', label: 'Novo candidato a um projeto meu', ativo: true },
      { tipo: 'projeto_lotado', label: 'Projeto com o máximo de candidatos', ativo: true },
      { tipo: 'avaliacao_publicada', label: 'Avaliação minha publicada', ativo: true },
      { tipo: 'garantia_respondida', label: 'Resposta do profissional a uma garantia minha', ativo: true },
      { tipo: 'garantia_fechada', label: 'Garantia encerrada pela equipa', ativo: true },
    ]);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/notificacoes/preferencias', headers: client.auth, payload });
    const wrong = await put({ desligados: ['novo_projeto_na_zona'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Estas notificações não existem para o seu tipo de conta.');
    const unknown = await put({ desligados: ['spam'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).not.toMatch(/invalid|expected/i);
    const off = await put({ desligados: ['nova_candidatura'] });
    expect(off.json().email.find((k: { tipo: string }) => k.tipo === 'nova_candidatura').ativo).toBe(false);

    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Pedro Candidato', bairro: 'Beja' });
    await buyBasico(p);
    const id = await visibleProject(client, { titulo: 'Campainha', bairro: 'Beja' });
    await send();
    const before = smtp.to(client.email).length;
    const bell = await unread(client);
    expect((await apply(p, id)).statusCode).toBe(201);
    await send();
    expect(smtp.to(client.email)).toHaveLength(before);
    expect(await unread(client)).toBe(bell + 1);
    expect((await get('/api/notificacoes/preferencias')).statusCode).toBe(401);
  });

  it('the unsubscribe link works in one click without a session; a forged one is refused in pt-PT', async () => {
    const p = await pro('Ulisses Link', 'Viseu', [ESP]);
    const client = await confirmedClient('Vera Cliente');
    await visibleProject(client, { titulo: 'Quadro novo', bairro: 'Viseu' });
    await send();
    const mail = smtp.to(p.email).at(-1)!;
    const link = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(mail.text).toContain(`Deixar de receber estes e-mails: ${link}`);
    const path = link.slice(BASE.length);

    // The browser, no session: switched off, and sent to the page that says so.
    const res = await get(path, { accept: 'text/html,application/xhtml+xml' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/notificacoes/cancelada?tipos=novo_projeto_na_zona');
    const prefs = (await get('/api/notificacoes/preferencias', p.auth)).json();
    expect(prefs.email.find((k: { tipo: string }) => k.tipo === 'novo_projeto_na_zona').ativo).toBe(false);
    // Clicking twice changes nothing more.
    expect((await get(path)).json()).toMatchObject({ tipos: ['Novos projetos na minha zona e especialidade'] });

    await visibleProject(client, { titulo: 'Outro quadro', bairro: 'Viseu' });
    await send();
    expect(subjects(p.email).filter((s) => s.startsWith('Novo projeto'))).toHaveLength(1);
    expect(await unread(p)).toBe(2);

    // Forged or altered tokens.
    const [payload, sig] = new URL(link).searchParams.get('t')!.split('.');
    const otherKind = Buffer.from(JSON.stringify(['profissional', p.id, ['escolhido']])).toString('base64url');
    for (const bad of ['', 'abc', `${otherKind}.${sig}`, `${payload}.${sig}x`]) {
      const r = await get(`/api/notificacoes/cancelar?t=${encodeURIComponent(bad)}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'INVALID_TOKEN', message: NOTIFICATIONS_TEXTS.linkInvalido });
    }
    const page = await get(`/api/notificacoes/cancelar?t=${otherKind}.${sig}`, { accept: 'text/html' });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/notificacoes/cancelada?erro=link');
  });

  it('answers the one-click POST of mail clients (RFC 8058)', async () => {
    const client = await confirmedClient('Olívia Clique');
    await visibleProject(client, { titulo: 'Interruptores', bairro: 'Leiria' });
    await send();
    const mail = smtp.to(client.email).at(-1)!;
    const link = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: link.slice(BASE.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tipos: ['Projeto aprovado e visível para os profissionais'], message: NOTIFICATIONS_TEXTS.canceladaTitulo });
  });
});

describe(`notifications: the bell (${TEST_DB})`, () => {
  it("lists newest first a page at a time, counts the unread and marks them read, only the caller's", async () => {
    const client = await confirmedClient('Beatriz Sino');
    for (const titulo of ['Um', 'Dois', 'Três']) {
      moveTo(clock.now().getTime() + 60_000);
      await visibleProject(client, { titulo: `Projeto ${titulo}`, bairro: 'Guarda' });
    }
    expect(await unread(client)).toBe(3);
    const page1 = (await get('/api/notificacoes?pageSize=2', client.auth)).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    expect(page1.items.map((n: { corpo: string }) => n.corpo)).toEqual([
      '"Projeto Três" já está visível para os profissionais.',
      '"Projeto Dois" já está visível para os profissionais.',
    ]);
    expect(page1.items[0]).toMatchObject({
      tipo: 'projeto_aprovado',
      titulo: 'Projeto aprovado',
      link: `/projetos/${client.id}`,
      lida: false,
      criadoEm: expect.any(String),
    });
    const page2 = (await get('/api/notificacoes?pageSize=2&page=2', client.auth)).json();
    expect(page2).toMatchObject({ hasMore: false, items: [{ corpo: '"Projeto Um" já está visível para os profissionais.' }] });

    const mark = (who: Session, payload: object) => t.app.inject({ method: 'POST', url: '/api/notificacoes/lidas', headers: who.auth, payload });
    const stranger = await registerAndLogin(t.app, 'cliente', { nome: 'Estranho' });
    expect((await mark(stranger, { ids: [page1.items[0].id] })).json()).toEqual({ atualizadas: 0 });
    expect(await unread(client)).toBe(3);
    expect((await mark(client, { ids: [page1.items[0].id] })).json()).toEqual({ atualizadas: 1 });
    expect(await unread(client)).toBe(2);
    expect((await get('/api/notificacoes?pageSize=1', client.auth)).json().items[0].lida).toBe(true);
    expect((await mark(client, {})).json()).toEqual({ atualizadas: 2 });
    expect(await unread(client)).toBe(0);
    expect((await get('/api/notificacoes/por-ler')).statusCode).toBe(401);
    // Admins have a bell too.
    expect((await get('/api/notificacoes/por-ler', admin.auth)).statusCode).toBe(200);
  });

  it('a bell row stored as data this build cannot render shows a generic line, and the list still answers', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const row = (tipo: string, dados: unknown) => sql`
      insert into notificacoes (destinatario_tipo, destinatario_id, tipo, dados) values ('cliente', ${c.id}, ${tipo}, ${JSON.stringify(dados)}::jsonb)`;
    await t.db.execute(row('novo_projeto_na_zona', { requestId: 1 })); // data missing what its template reads
    await t.db.execute(row('tipo_de_outra_versao', { x: 1 }));
    const res = await get('/api/notificacoes?pageSize=5', c.auth);
    expect(res.statusCode, res.body).toBe(200);
    const generic = res.json().items.filter((n: { tipo: string }) => n.tipo !== 'confirmar_email');
    expect(generic).toHaveLength(2);
    for (const n of generic) expect(n).toMatchObject({ titulo: 'Técnico Certo', corpo: 'Tem uma novidade na sua conta.' });
  });

  it('the RGPD export carries the preferences and notifications; deleting the account deletes them and its e-mails', async () => {
    const client = await confirmedClient('Rui Apagado');
    await t.app.inject({ method: 'PUT', url: '/api/notificacoes/preferencias', headers: client.auth, payload: { desligados: ['projeto_lotado'] } });
    const id = await visibleProject(client, { titulo: 'Exportar', bairro: 'Aveiro' });
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Pedro Exportado', bairro: 'Aveiro' });
    await buyBasico(p);
    expect((await apply(p, id)).statusCode).toBe(201);
    const data = (await get('/api/cliente/export-data', client.auth)).json();
    expect(data.preferenciasNotificacoes).toMatchObject({ emailsDesligados: ['projeto_lotado'] });
    // The application's news is stored as data: the export says it in words, as the bell and the mail do.
    expect(data.notificacoes).toMatchObject([
      { tipo: 'nova_candidatura', titulo: 'Novo candidato', corpo: 'Pedro Exportado candidatou-se a "Exportar".' },
      { tipo: 'projeto_aprovado', corpo: '"Exportar" já está visível para os profissionais.' },
    ]);
    expect(data.notificacoes[0]).not.toHaveProperty('dados');
    expect(data.emailsEnviados.map((e: { tipo: string }) => e.tipo).sort()).toEqual(['confirmar_email', 'nova_candidatura', 'projeto_aprovado']);
    expect(data.emailsEnviados.find((e: { tipo: string }) => e.tipo === 'nova_candidatura')).toMatchObject({
      assunto: 'Pedro Exportado candidatou-se ao seu projeto "Exportar"',
    });
    expect(data.emailsEnviados[0]).not.toHaveProperty('dados');

    const del = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: client.auth, payload: { senha: 'Segura#123' } });
    expect(del.statusCode, del.body).toBe(200);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select (select count(*) from notificacoes where destinatario_tipo = 'cliente' and destinatario_id = ${client.id})
           + (select count(*) from notification_prefs where destinatario_tipo = 'cliente' and destinatario_id = ${client.id})
           + (select count(*) from email_outbox where destinatario_tipo = 'cliente' and destinatario_id = ${client.id}) as n`);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe("the bell's pages", () => {
  it('go back in time a page at a time, newest first, none twice, none left out', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    // Seven of them, a minute apart (two in the same minute: the id then decides).
    await t.db.execute(sql`
      insert into notificacoes (destinatario_tipo, destinatario_id, tipo, titulo, corpo, criado_em)
      select 'cliente', ${c.id}, 'teste', 'Aviso ' || g, 'Texto ' || g, now() - make_interval(mins => least(g, 6))
      from generate_series(1, 7) g`);
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from notificacoes where destinatario_tipo = 'cliente' and destinatario_id = ${c.id} order by criado_em desc, id desc`,
    );
    const newest = rows.map((r) => Number(r.id));
    expect(newest).toHaveLength(7);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await get(`/api/notificacoes?pageSize=3&page=${page}`, c.auth)).json() as { items: { id: number }[]; hasMore: boolean };
      pages.push({ ids: res.items.map((n) => n.id), hasMore: res.hasMore });
    }
    expect(pages).toEqual([
      { ids: newest.slice(0, 3), hasMore: true },
      { ids: newest.slice(3, 6), hasMore: true },
      { ids: newest.slice(6), hasMore: false },
    ]);
  });
});
