import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { projectPayload, registerAndLogin, TEST_DB, useAppWithAdmin } from '../../test/harness';
import { multipart, pngBytes } from '../../test/images';
import { renderStored } from '../notificacoes/templates';
import { fanOutJobAlerts } from '../notificacoes/outbox-worker';

const ESP = 'quadro-eletrico-dispara';
let at = new Date('2026-11-23T12:00:00Z'); // 12:00 in Lisbon (winter: UTC+0)
const clock: Clock = { now: () => at };
const s = useAppWithAdmin({ clock });

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const put = (p: Session, payload: unknown) =>
  s.t.app.inject({ method: 'PUT', url: '/api/profissional/urgencias', headers: p.auth, payload: payload as object });

async function pro(nome: string, bairro: string, urg?: { inicio: number; fim: number }) {
  const p = await registerAndLogin(s.t.app, 'profissional', { nome, bairro });
  const png = await pngBytes();
  const form = multipart({ id: String(p.id), telefone: '+351916000222', consentimento: 'true', 'especialidades[]': [ESP] }, [
    { field: 'fotoPerfil', filename: 'f.png', type: 'image/png', data: png },
    { field: 'ccFrente', filename: 'a.png', type: 'image/png', data: png },
    { field: 'ccVerso', filename: 'b.png', type: 'image/png', data: png },
  ]);
  const res = await s.t.app.inject({
    method: 'PUT',
    url: '/api/profissional/complete-profile',
    headers: { ...p.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  if (urg) expect((await put(p, { aceitaUrgencias: true, ...urg })).statusCode).toBe(200);
  return p;
}

describe(`the 24-hour emergency lane (${TEST_DB})`, () => {
  it('a professional chooses whether he takes emergencies and when; bad hours are refused in pt-PT and change nothing', async () => {
    const p = await registerAndLogin(s.t.app, 'profissional');
    const get = () => s.t.app.inject({ method: 'GET', url: '/api/profissional/urgencias', headers: p.auth });
    expect((await get()).json()).toEqual({ aceitaUrgencias: false, inicio: 0, fim: 24 });
    const ok = await put(p, { aceitaUrgencias: true, inicio: 20, fim: 8 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ aceitaUrgencias: true, inicio: 20, fim: 8 });
    for (const bad of [
      { inicio: 24, fim: 8 },
      { inicio: 8, fim: 8 },
      { inicio: 3, fim: 25 },
      { inicio: -1, fim: 8 },
      { inicio: 2.5, fim: 8 },
    ]) {
      const res = await put(p, { aceitaUrgencias: true, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/hora|horário/);
    }
    expect((await get()).json()).toEqual({ aceitaUrgencias: true, inicio: 20, fim: 8 });
    const client = await registerAndLogin(s.t.app, 'cliente');
    expect((await put(client, { aceitaUrgencias: true, inicio: 0, fim: 24 })).statusCode).toBe(403);
    expect(
      (await s.t.app.inject({ method: 'PUT', url: '/api/profissional/urgencias', payload: { aceitaUrgencias: true, inicio: 0, fim: 24 } })).statusCode,
    ).toBe(401);
  });

  it('before publishing, the client sees how many professionals of the district take emergencies, and how many are on call now', async () => {
    const allDay = await pro('Dia Todo', 'Faro', { inicio: 0, fim: 24 });
    await pro('Noturno', 'Faro', { inicio: 20, fim: 8 });
    await pro('Sem Urgências', 'Faro');
    await pro('Outro Distrito', 'Beja', { inicio: 0, fim: 24 });
    const count = () => s.t.app.inject({ method: 'GET', url: `/api/urgencias/disponiveis?bairro=Faro&especialidade=${ESP}` });
    at = new Date('2026-11-23T12:00:00Z');
    expect((await count()).json()).toEqual({ total: 2, agora: 1 });
    at = new Date('2026-11-23T22:00:00Z');
    expect((await count()).json()).toEqual({ total: 2, agora: 2 });
    // Summer time: 07:30 UTC is 08:30 in Lisbon, past the night shift's end.
    at = new Date('2026-07-01T07:30:00Z');
    expect((await count()).json()).toEqual({ total: 2, agora: 1 });
    // The answer is kept a few seconds, but a professional's own change shows at once.
    const off = await s.t.app.inject({
      method: 'PUT',
      url: '/api/profissional/urgencias',
      headers: allDay.auth,
      payload: { aceitaUrgencias: false, inicio: 0, fim: 24 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await count()).json()).toEqual({ total: 1, agora: 0 });
    expect((await s.t.app.inject({ method: 'GET', url: '/api/urgencias/disponiveis?bairro=Faro&especialidade=desentupimentos' })).json()).toEqual({
      total: 0,
      agora: 0,
    });
    const bad = await s.t.app.inject({ method: 'GET', url: '/api/urgencias/disponiveis' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Indique o distrito.');
  });

  it('an emergency is e-mailed at once to those on call; off-hours and non-takers get the bell only; the admins see it first', async () => {
    at = new Date('2026-11-23T12:00:00Z');
    const day = await pro('Plantão Dia', 'Évora', { inicio: 8, fim: 20 });
    const night = await pro('Plantão Noite', 'Évora', { inicio: 20, fim: 8 });
    const none = await pro('Nunca Urgências', 'Évora');
    // The one on call chose the morning digest for normal projects: an emergency still goes at once.
    await s.t.app.inject({ method: 'PUT', url: '/api/notificacoes/preferencias', headers: day.auth, payload: { desligados: [], novosProjetos: 'DIARIO' } });
    const client = await registerAndLogin(s.t.app, 'cliente');
    const publish = async (titulo: string, tempo: string) => {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/requests/create',
        headers: client.auth,
        payload: projectPayload({ titulo, tempo, bairro: 'Évora', cidade: 'Évora', especialidade: ESP }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const avaria = await publish('Sem luz na loja', 'AVARIA');
    at = new Date('2026-11-23T12:05:00Z');
    const normal = await publish('Candeeiro novo', 'NORMAL');

    // The admins' queue: the emergency first, although older.
    const queue = (await s.t.app.inject({ method: 'GET', url: '/api/requests/all?status=ESPERA&q=évora', headers: s.admin.auth })).json();
    const ids = queue.items.map((r: { id: number }) => r.id);
    expect(ids.indexOf(avaria)).toBeLessThan(ids.indexOf(normal));
    const all = (await s.t.app.inject({ method: 'GET', url: '/api/requests/all', headers: s.admin.auth })).json();
    expect(all.items[0]).toMatchObject({ id: avaria, tempo: 'AVARIA' });

    const ok = await s.t.app.inject({ method: 'PATCH', url: `/api/requests/${avaria}/aprovar`, headers: s.admin.auth, payload: { creditos: 5 } });
    expect(ok.statusCode, ok.body).toBe(200);
    const alerts = async () =>
      (
        await s.t.db.execute<{ destinatario_id: number; tipo: string; dados: unknown; resumo: string | null; proxima: string }>(sql`
      select destinatario_id, tipo, dados, resumo, proxima_tentativa::text as proxima from email_outbox
      where tipo = 'novo_projeto_na_zona' and chave like ${`novo_projeto_na_zona:r${avaria}:%`}`)
      ).rows;
    // The approval answered without writing them: the worker does, in its next pass, once.
    expect(await alerts()).toEqual([]);
    at = new Date('2026-11-23T21:00:00Z');
    expect(await fanOutJobAlerts(s.t.app.ctx)).toBe(1);
    expect(await fanOutJobAlerts(s.t.app.ctx)).toBe(0);
    const rows = await alerts();
    // On call when it became visible (12:05), not when the worker ran (21:00, the night shift's hours).
    expect(rows.map((r) => Number(r.destinatario_id))).toEqual([day.id]);
    // Stored as the template's data, the subject rendered when it is sent.
    expect(rows[0]).toMatchObject({ resumo: null });
    expect(renderStored(rows[0]!.tipo, rows[0]!.dados)?.assunto).toBe('Urgente 24h · Avaria: Sem luz na loja (Évora)');
    // Everyone of the zone has it in the bell, with its text and the job's screen.
    for (const p of [day, night, none]) {
      const bell = (await s.t.app.inject({ method: 'GET', url: '/api/notificacoes', headers: p.auth })).json();
      expect(bell.items.find((n: { link: string }) => n.link === `/areadoprofissional/detalhes-chamado/${avaria}`)).toMatchObject({
        tipo: 'novo_projeto_na_zona',
        titulo: 'Urgente 24h na sua zona',
        lida: false,
      });
    }
  });
});
