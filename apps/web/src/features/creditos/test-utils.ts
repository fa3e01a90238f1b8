import { vi } from 'vitest';
import { withQuietBell } from '../../test/bell-stub';
import { fakeToken } from '../../test/render';

export const PROF_ID = 7;

/** A logged-in professional, as the login screen leaves the storage. */
export function loginProfissional() {
  sessionStorage.setItem('token_profissional', fakeToken());
  localStorage.setItem('tipo', 'profissional');
  localStorage.setItem('id', String(PROF_ID));
  localStorage.setItem('profissionalId', String(PROF_ID));
  localStorage.setItem('email', 'joao.ferreira@exemplo.pt');
}

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** Stubs fetch with a table of "METHOD /api/path" → handler; anything else answers 404. Returns the spy. */
export function stubApi(routes: Record<string, Handler>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const handler = routes[`${init.method ?? 'GET'} ${String(input)}`];
    return handler ? handler(init) : json({ code: 'NOT_FOUND', message: 'Não encontrado.' }, 404);
  });
  vi.stubGlobal('fetch', withQuietBell(spy));
  return spy;
}

export const callsTo = (spy: ReturnType<typeof stubApi>, method: string, path: string) =>
  spy.mock.calls.filter(([input, init]) => String(input) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method) as unknown as [string, RequestInit][];

export const payment = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 12,
  plano: 'elite',
  valorCentimos: 12000,
  creditos: 150,
  metodo: 'card',
  provider: 'demo',
  estado: 'PENDENTE',
  criadoEm: '2026-03-02T10:00:00.000Z',
  pagoEm: null,
  ...over,
});
