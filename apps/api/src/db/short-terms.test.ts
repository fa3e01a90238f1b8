/**
 * A search of one or two letters finds the start of a word, not the middle of one, and a search with
 * no letter or digit finds nothing (db/search.ts): a trigram index cannot find two letters anywhere
 * in a word, so on a million projects such a search read every row. Three letters or more are found
 * anywhere, as before. The same rule in every list that searches by text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminSession, createTestApp, projectPayload, registerAndLogin, type TestApp } from '../test/harness';
import { profissionais } from './schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let cliente: Awaited<ReturnType<typeof registerAndLogin>>;
let prof: Awaited<ReturnType<typeof registerAndLogin>>;

async function publishOpen(over: Record<string, unknown>) {
  const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: cliente.auth, payload: projectPayload(over) });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth })).statusCode).toBe(200);
  const priced = await t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos: 10 } });
  expect(priced.statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
  cliente = await registerAndLogin(t.app, 'cliente', { nome: 'Zélia Quintas', email: 'zq.cliente@exemplo.pt' });
  prof = await registerAndLogin(t.app, 'profissional', { nome: 'Óscar Brito', cidade: 'Évora', bairro: 'Évora' });
  // "Reparação de fugas de água": "ar" only inside a word of his specialty's label.
  const rui = await registerAndLogin(t.app, 'profissional', { nome: 'Rui Costa', cidade: 'Porto', bairro: 'Porto' });
  await t.db
    .update(profissionais)
    .set({ especialidades: ['reparacao-fugas-agua'] })
    .where(eq(profissionais.id, rui.id));
  // "Trocar quadro elétrico" (Lisboa): "ar" and "oc" only inside words.
  await publishOpen({});
  await publishOpen({ titulo: 'Ar condicionado avariado', cidade: 'Faro', bairro: 'Faro' });
  await publishOpen({ titulo: 'Tomadas 100% novas', cidade: 'Beja', bairro: 'Beja' });
});
afterAll(() => t.close());

const get = async (url: string, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Record<string, unknown>[]; hasMore: boolean };
};
const jobs = async (q: string) => (await get(`/api/requests/disponiveis?q=${encodeURIComponent(q)}`, prof.auth)).items.map((r) => r.titulo);
const adminProjects = async (q: string) => (await get(`/api/requests/all?q=${encodeURIComponent(q)}`, admin.auth)).items.map((r) => r.titulo);

describe('searching by one or two letters', () => {
  it('job search: a short term is the start of a word, in any case and with or without accents; three letters are found anywhere', async () => {
    expect(await jobs('ar')).toEqual(['Ar condicionado avariado']);
    expect(await jobs('ÁR')).toEqual(['Ar condicionado avariado']);
    expect(await jobs('fa')).toEqual(['Ar condicionado avariado']);
    // Inside "trocar" and "condicionado" only.
    expect(await jobs('oc')).toEqual([]);
    // Two words: the start of the first, after a space.
    expect(await jobs('ar c')).toEqual(['Ar condicionado avariado']);
    expect(await jobs('uad')).toEqual(['Trocar quadro elétrico']);
    expect(await jobs('car')).toEqual(['Trocar quadro elétrico']);
    expect(await jobs('roc')).toEqual(['Trocar quadro elétrico']);
  });

  it('job search: several words are each found in the title, city or district, in any order', async () => {
    for (const q of ['quadro lisboa', 'Lisboa quadro', 'elétrico, trocar', 'quadro,lisboa', 'lisboa/quadro', 'quadro em lisboa', 'trocar quadro elétrico'])
      expect(await jobs(q), q).toEqual(['Trocar quadro elétrico']);
    expect(await jobs('condicionado faro')).toEqual(['Ar condicionado avariado']);
    // Short words keep the start-of-a-word rule: "ar" starts "Ar", not "trocar".
    expect(await jobs('ar faro')).toEqual(['Ar condicionado avariado']);
    for (const q of ['quadro faro', 'ar lisboa', 'tomadas lisboa']) expect(await jobs(q), q).toEqual([]);
    // With district and specialty (the text tested on their index's rows), and another page size.
    const filtered = `&bairro=Lisboa&especialidade=substituicao-quadros-eletricos`;
    expect((await get(`/api/requests/disponiveis?q=lisboa%20quadro${filtered}`, prof.auth)).items.map((r) => r.titulo)).toEqual(['Trocar quadro elétrico']);
    expect((await get(`/api/requests/disponiveis?q=faro%20quadro${filtered}`, prof.auth)).items).toEqual([]);
    expect((await get('/api/requests/disponiveis?q=faro%20condicionado&pageSize=3', prof.auth)).items.map((r) => r.titulo)).toEqual([
      'Ar condicionado avariado',
    ]);
  });

  it('% and _ are plain text, also when folding the term makes them (a full-width "％" becomes "%")', async () => {
    expect(await jobs('100%')).toEqual(['Tomadas 100% novas']);
    expect(await jobs('100％')).toEqual(['Tomadas 100% novas']);
    // Inside a word (at its ends punctuation is dropped): "1_0" is not "1, any character, 0".
    expect(await jobs('1_0')).toEqual([]);
    // "a％r" is "a%r" once folded: a word starting with "a%r", not "a", anything, "r" ("Ar condicionado").
    expect(await jobs('a％r')).toEqual([]);
    expect(await jobs('＿')).toEqual([]);
  });

  it('no letter or digit finds nothing, without an error', async () => {
    for (const q of ['%', '_', '--', '%%%', '…']) {
      expect(await jobs(q)).toEqual([]);
      expect(await adminProjects(q)).toEqual([]);
    }
  });

  it("the back office: projects by the start of a word of their text or their client's name; clients by name or the start of the e-mail", async () => {
    expect(await adminProjects('ar')).toEqual(['Ar condicionado avariado']);
    expect((await adminProjects('zé')).sort()).toEqual(['Ar condicionado avariado', 'Tomadas 100% novas', 'Trocar quadro elétrico']);
    expect(await adminProjects('nt')).toEqual([]);
    const clients = async (q: string) => (await get(`/api/cliente/see-all?q=${encodeURIComponent(q)}`, admin.auth)).items.map((c) => c.nome);
    expect(await clients('qu')).toEqual(['Zélia Quintas']);
    // The e-mail's start ("zq.cliente@…"), not its middle.
    expect(await clients('zq')).toEqual(['Zélia Quintas']);
    expect(await clients('ex')).toEqual([]);
    expect(await clients('exemplo')).toEqual(['Zélia Quintas']);
  });

  it('the professionals directory: by the start of a word of the name, city or a specialty label', async () => {
    const pros = async (q: string) => (await get(`/api/profissional/see-all?q=${encodeURIComponent(q)}`, cliente.auth)).items.map((p) => p.nome);
    expect(await pros('ev')).toEqual(['Óscar Brito']);
    expect(await pros('os')).toEqual(['Óscar Brito']);
    expect(await pros('vo')).toEqual([]);
    expect(await pros('vora')).toEqual(['Óscar Brito']);
    // Specialty labels follow the same rule: "fu" starts "fugas"; "ar" is only inside "reparação".
    expect(await pros('fu')).toEqual(['Rui Costa']);
    expect(await pros('ar')).toEqual([]);
    expect(await pros('repar')).toEqual(['Rui Costa']);
  });

  it('the professionals directory: a trade or a group of specialties finds each of its specialties', async () => {
    const pros = async (q: string) => (await get(`/api/profissional/see-all?q=${encodeURIComponent(q)}`, cliente.auth)).items.map((p) => p.nome);
    // Rui repairs leaks (Hidráulica / Canalização); no label says "canalizador", "picheleiro" or "hidráulica".
    for (const q of ['canalizador', 'Picheleiro', 'hidráulica', 'CANALIZAÇÃO']) expect(await pros(q), q).toEqual(['Rui Costa']);
    expect(await pros('eletricista')).toEqual([]);
    const ana = await registerAndLogin(t.app, 'profissional', { nome: 'Ana Tavares', cidade: 'Braga', bairro: 'Braga' });
    await t.db
      .update(profissionais)
      .set({ especialidades: ['camaras-cctv'] })
      .where(eq(profissionais.id, ana.id));
    for (const q of ['domótica', 'smart home', 'casa inteligente']) expect(await pros(q), q).toEqual(['Ana Tavares']);
    expect(await pros('eletricista')).toEqual([]);

    // Several words: each one in the name, the city or as a specialty, in any order.
    for (const q of ['canalizador porto', 'Porto canalizador', 'costa rui', 'rui - costa', 'fugas de água porto'])
      expect(await pros(q), q).toEqual(['Rui Costa']);
    expect(await pros('domótica braga')).toEqual(['Ana Tavares']);
    // Another page size: the same rule.
    expect((await get('/api/profissional/see-all?q=costa%20rui&pageSize=3', cliente.auth)).items.map((p) => p.nome)).toEqual(['Rui Costa']);
    for (const q of ['canalizador braga', 'rui tavares', 'domótica porto']) expect(await pros(q), q).toEqual([]);
    // A name is not found inside a trade ("ana" in "canalizador"), nor a word inside a label.
    for (const q of ['ana costa', 'ana']) expect(await pros(q), q).not.toContain('Rui Costa');
    expect(await pros('ana tavares')).toEqual(['Ana Tavares']);
    // Punctuation at a word's ends, small words and a long text.
    for (const q of ['costa, rui', 'costa,rui', '(porto) canalizador', 'rui -', 'canalizador em porto']) expect(await pros(q), q).toEqual(['Rui Costa']);
    expect(await pros('reparação de fugas de água no porto')).toEqual(['Rui Costa']);
  });
});
