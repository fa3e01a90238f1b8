import { vi } from 'vitest';
import { withQuietBell } from '../../test/bell-stub';

type Handler = (url: URL, init: RequestInit) => unknown | Response | Promise<unknown | Response>;

/** Test helper: routes stubbed fetch calls by "METHOD /api/path" prefix; records every call. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, init });
    const key = Object.keys(routes)
      .filter((k) => {
        const [m, p] = k.split(' ');
        return m === method && url.pathname.startsWith(p!);
      })
      .sort((a, b) => b.length - a.length)[0];
    if (!key) return json({ code: 'NOT_FOUND', message: 'Não encontrado.' }, 404);
    const out = await routes[key]!(url, init);
    return out instanceof Response ? out : json(out);
  });
  vi.stubGlobal('fetch', withQuietBell(fetchMock));
  return { fetchMock, calls };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const paged = <T>(items: T[], page: number, hasMore = false) => ({
  items, page, pageSize: 10, hasMore,
});
