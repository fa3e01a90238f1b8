/**
 * A search of several words reads the list's first WALK_ROWS rows in its order first, and every match
 * only when the page is not among them (db/search.ts TextPlan). Here more projects than a walk reads
 * are newer than the ones a search must still find: each list must give the same page, in the same
 * order, as if every match had been read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminSession, createTestApp, registerAndLogin, type TestApp } from '../test/harness';
import { WALK_ROWS } from './search';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let pro: Awaited<ReturnType<typeof registerAndLogin>>;
/** Ids of the projects matching "fuga porto", newest first (the lists' order). */
let fugaPorto: number[];
let oldLisboa: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
  pro = await registerAndLogin(t.app, 'profissional');
  const c = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Das Palavras' });
  // One open, priced project per row; `minutes` ago. Straight into the table: the walk needs more
  // rows than a test should publish one by one.
  const insert = (titulo: string, cidade: string, bairro: string, from: number, count: number) =>
    t.db.execute(sql`
      insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, tempo, cliente_id, creditos, status, criado_em, aprovado_em)
      select ${titulo}, 'Descrição do trabalho.', ${cidade}, ${bairro}, 'reparacao-fugas-agua', '+351912345678', 'NORMAL', ${c.id}, 5, 'ABERTO',
        now() - make_interval(mins => ${from}::int + g), now()
      from generate_series(0, ${count}::int - 1) g`);
  // Oldest: the only "fuga" in Lisboa, and ten leaks in Porto.
  await insert('Fuga de água antiga', 'Lisboa', 'Lisboa', 100_000, 1);
  await insert('Fuga na cozinha', 'Porto', 'Porto', 50_000, 10);
  // Newer than both: more than a walk reads, none a "fuga" and none in Lisboa...
  await insert('Pintura da sala', 'Braga', 'Braga', 100, WALK_ROWS + 100);
  // ...but for five leaks in Porto among the newest.
  await insert('Fuga no teto', 'Porto', 'Porto', 0, 5);
  const { rows } = await t.db.execute<{ id: number; titulo: string }>(
    sql`select id, titulo from requests where titulo like 'Fuga%' order by criado_em desc, id desc`,
  );
  fugaPorto = rows.filter((r) => r.titulo !== 'Fuga de água antiga').map((r) => Number(r.id));
  oldLisboa = Number(rows.find((r) => r.titulo === 'Fuga de água antiga')!.id);
  expect(fugaPorto).toHaveLength(15);
}, 60_000);
afterAll(() => t?.close());

const page = async (url: string, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: number }[]; hasMore: boolean };
};

describe('a search of several words past the rows a walk reads', () => {
  it('job search: the page among the newest rows, and the matches beyond them', async () => {
    // Five matches among the newest, ten beyond the walk: a page of 12 needs both, in order.
    const first = await page('/api/requests/disponiveis?q=fuga%20porto&pageSize=12', pro.auth);
    expect(first.items.map((r) => r.id)).toEqual(fugaPorto.slice(0, 12));
    expect(first.hasMore).toBe(true);
    const second = await page('/api/requests/disponiveis?q=porto%20fuga&pageSize=12&page=2', pro.auth);
    expect(second.items.map((r) => r.id)).toEqual(fugaPorto.slice(12));
    expect(second.hasMore).toBe(false);
    // A page the newest rows hold whole.
    const small = await page('/api/requests/disponiveis?q=fuga%20porto&pageSize=3', pro.auth);
    expect(small.items.map((r) => r.id)).toEqual(fugaPorto.slice(0, 3));
    expect(small.hasMore).toBe(true);
    // No match at all among the newest: the one old project is still found.
    expect((await page('/api/requests/disponiveis?q=fuga%20lisboa', pro.auth)).items.map((r) => r.id)).toEqual([oldLisboa]);
    expect((await page('/api/requests/disponiveis?q=pintura%20lisboa', pro.auth)).items).toEqual([]);
  });

  it("the back office's projects: the same pages", async () => {
    const first = await page('/api/requests/all?q=fuga%20porto&pageSize=12', admin.auth);
    expect(first.items.map((r) => r.id)).toEqual(fugaPorto.slice(0, 12));
    expect(first.hasMore).toBe(true);
    const second = await page('/api/requests/all?q=fuga%20porto&pageSize=12&page=2', admin.auth);
    expect(second.items.map((r) => r.id)).toEqual(fugaPorto.slice(12));
    expect((await page('/api/requests/all?q=lisboa%20fuga', admin.auth)).items.map((r) => r.id)).toEqual([oldLisboa]);
    expect((await page('/api/requests/all?status=ABERTO&q=fuga%20lisboa', admin.auth)).items.map((r) => r.id)).toEqual([oldLisboa]);
    expect((await page('/api/requests/all?status=ESPERA&q=fuga%20lisboa', admin.auth)).items).toEqual([]);
  });
});
