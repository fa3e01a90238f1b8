/**
 * Any page size a request may ask for (1 to 50) pages through a list exactly: a page of a size no
 * screen uses is fetched at the next step up and cut (db/paging.ts FETCH_STEPS), so its items and
 * "next page" must be those of the size asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createTestApp, openProject, registerAndLogin, type TestApp } from '../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let cliente: Awaited<ReturnType<typeof registerAndLogin>>;
let prof: Awaited<ReturnType<typeof registerAndLogin>>;

type Page = { items: { id: number }[]; page: number; pageSize: number; hasMore: boolean };
const get = async (url: string, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

const joiner = (path: string) => (path.includes('?') ? '&' : '?');

/** Every page of `path` at `size`, in order: the ids, and each page's own size and "next page". */
async function walk(path: string, auth: Record<string, string>, size: number) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const got = await get(`${path}${joiner(path)}pageSize=${size}&page=${page}`, auth);
    expect(got).toMatchObject({ page, pageSize: size });
    expect(got.items.length).toBeLessThanOrEqual(size);
    // "Next page" is never promised on a full last page: the page after one that said so has rows.
    if (page > 1) expect(got.items.length).toBeGreaterThan(0);
    ids.push(...got.items.map((r) => r.id));
    if (!got.hasMore) return ids;
    // A page followed by another is full.
    expect(got.items).toHaveLength(size);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
  cliente = await registerAndLogin(t.app, 'cliente');
  prof = await registerAndLogin(t.app, 'profissional');
  for (let i = 0; i < 9; i++) await openProject(t.app, cliente, admin);
  // The directory's later pages read their ids from the index first (profissionais.service.ts).
  for (let i = 0; i < 8; i++) await registerAndLogin(t.app, 'profissional');
});
afterAll(() => t.close());

describe('page sizes between the fetch steps', () => {
  const lists: [string, string, () => Record<string, string>][] = [
    ['job search', '/api/requests/disponiveis', () => prof.auth],
    ["a client's projects", '/api/requests/cliente/:cliente', () => cliente.auth],
    ["the back office's projects", '/api/requests/all', () => admin.auth],
    ['the audit log', '/api/admin/audit', () => admin.auth],
    ["the back office's professionals", '/api/admin/profissionais', () => admin.auth],
    ['the professionals directory', '/api/profissional/see-all', () => cliente.auth],
    // By text: a page's ids are kept a few seconds (`searches`) and read again by id at the same step.
    ['job search by a word', '/api/requests/disponiveis?q=quadro', () => prof.auth],
    ["the back office's projects by a word", '/api/requests/all?q=quadro', () => admin.auth],
  ];
  for (const [label, path, auth] of lists) {
    it(`${label}: every size walks the same rows, in the same order, with "next page" only before the last`, async () => {
      const url = path.replace(':cliente', String(cliente.id));
      const all = (await get(`${url}${joiner(url)}pageSize=50`, auth())).items.map((r) => r.id);
      expect(all.length).toBeGreaterThanOrEqual(9);
      for (const size of [1, 2, 4, 7, 8, 9, 11, 13, 21, 49]) expect(await walk(url, auth(), size), `pageSize=${size}`).toEqual(all);
    });
  }
});
