import { vi } from 'vitest';
import { withQuietBell } from '../../test/bell-stub';
import { configure } from '@testing-library/react';
import { fakeToken } from '../../test/render';

/** Each page is a lazily loaded chunk (the dashboard's includes the chart library): allow for a busy machine. */
configure({ asyncUtilTimeout: 4000 });

/** A logged-in admin, as the login screen leaves the storage. */
export function loginAdmin() {
  sessionStorage.setItem('token_admin', fakeToken());
  localStorage.setItem('tipo', 'admin');
  localStorage.setItem('id', '1');
  localStorage.setItem('email', 'admin@tecnicocerto.pt');
}

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Stubs fetch with a table of "METHOD /api/path" (path without the query) → handler; anything
 * else answers 404. Every call is recorded with its parsed URL.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; init: RequestInit }[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, init });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(url, init) : json({ code: 'NOT_FOUND', message: 'Não encontrado.' }, 404);
  });
  vi.stubGlobal('fetch', withQuietBell(spy));
  return { spy, calls, to: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path) };
}

export const paged = <T>(items: T[], page = 1, hasMore = false) => ({ items, page, pageSize: 10, hasMore });

/** jsdom has no layout: recharts' ResponsiveContainer asks for ResizeObserver. */
export function stubLayoutApis() {
  class Observer { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } }
  vi.stubGlobal('ResizeObserver', Observer);
}
