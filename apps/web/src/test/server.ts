/**
 * The one request stub of the web tests: an MSW server (msw/node) answers every `fetch` the app makes.
 * setup.ts starts it, resets it after each test and fails the test that made a request no handler answers.
 *
 * - Default handlers answer what every page asks for without the test caring: the header's bell
 *   (nothing unread) and the home page's two sections (empty, so hidden). They are not recorded.
 * - A test adds its own answers with `mockApi` (they take priority over the defaults and over earlier
 *   ones, and are forgotten after the test); every request they answer is recorded and readable with
 *   `mockApi.calls()`.
 * - Uploads with progress go through XMLHttpRequest, which tests still fake on their own (FakeXhr).
 */
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** One request the app made, as a test reads it. */
export interface ApiCall {
  method: string;
  /** What the app asked for: path and query, e.g. `/api/requests/cliente/3?page=1`. */
  url: string;
  /** The path alone, e.g. `/api/requests/cliente/3`. */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when there is none (or it is a form). */
  body: unknown;
  /** The multipart (or url-encoded) body; null otherwise. */
  form: FormData | null;
  /** The JSON body, typed by the caller. */
  json<T = Record<string, unknown>>(): T;
}

/** A Response as is; anything else is sent as a 200 JSON body. */
export type Answer = Response | object | string | number | boolean | null;
/** An answer, or a function of the call that returns one (or a promise of one). */
export type Handler = Answer | ((call: ApiCall) => unknown);
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const json = (body: unknown, status = 200) => HttpResponse.json(body as JsonBodyType, { status });
export const notFound = () => json({ code: 'NOT_FOUND', message: 'Não encontrado.' }, 404);
/** A page of a paged list, as the API sends it (10 a page unless the test says otherwise). */
export const paged = <T>(items: T[], page = 1, hasMore = false) => ({ items, page, pageSize: 10, hasMore });

/** What every page asks for: the bell (signed-in pages) and the home page's sections. Not recorded. */
export const defaultHandlers = [
  http.get('/api/notificacoes/por-ler', () => json({ total: 0 })),
  http.get('/api/notificacoes', () => json(paged([]))),
  http.get('/api/review/recent', () => json([])),
  http.get('/api/profissional/top-avaliados', () => json([])),
];

export const server = setupServer(...defaultHandlers);

const calls: ApiCall[] = [];
/** The calls whose body has been read: a call is listed from then on, in the order the requests came. */
const complete = new WeakSet<ApiCall>();
const unhandled: string[] = [];

/** Called by setup.ts for a request no handler answers: noted (the test then fails) and refused. */
export function noteUnhandled(request: Request) {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}${url.search}`);
}

/** After each test (setup.ts): forgets the recorded calls and returns the requests nothing answered. */
export function resetApi(): string[] {
  calls.length = 0;
  return unhandled.splice(0);
}

async function record(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const call: ApiCall = {
    method: request.method,
    url: url.pathname + url.search,
    path: url.pathname,
    query: url.searchParams,
    headers: Object.fromEntries(request.headers),
    body: undefined,
    form: null,
    json: <T>() => call.body as T,
  };
  // In the order the requests came; listed once the body is read, before the handler runs.
  calls.push(call);
  const type = request.headers.get('content-type') ?? '';
  if (/^multipart\/form-data|^application\/x-www-form-urlencoded/.test(type)) call.form = await request.clone().formData();
  else {
    const text = await request.clone().text();
    if (text) call.body = /json/.test(type) ? JSON.parse(text) : text;
  }
  complete.add(call);
  return call;
}

async function answer(handler: Handler, call: ApiCall): Promise<Response> {
  if (typeof handler === 'function') {
    const out = await handler(call);
    return out instanceof Response ? out : json(out);
  }
  // A value answers every request: each gets its own copy of a Response.
  return handler instanceof Response ? handler.clone() : json(handler);
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * One MSW handler per method and path. A path may hold MSW's `*` and `:param`; a query in the key
 * (`?page=1`) must then be the request's query exactly: a request on that path with another query
 * is not answered (the test fails), so list every query of one path in the same table.
 */
function handlersFor(table: Record<string, Handler>): HttpHandler[] {
  const byPath = new Map<string, { method: Method; path: string; entries: { query: string | null; handler: Handler }[] }>();
  for (const [key, handler] of Object.entries(table)) {
    const [method, target] = key.split(' ') as [Method, string];
    if (!METHODS[method] || !target?.startsWith('/')) throw new Error(`mockApi: "${key}" is not "METHOD /path"`);
    const [path, query] = target.split('?') as [string, string | undefined];
    const id = `${method} ${path}`;
    if (!byPath.has(id)) byPath.set(id, { method, path, entries: [] });
    byPath.get(id)!.entries.push({ query: query === undefined ? null : `?${query}`, handler });
  }
  return [...byPath.values()].map(({ method, path, entries }) =>
    METHODS[method](path, async ({ request }) => {
      const search = new URL(request.url).search;
      const hit = entries.find((e) => e.query === search) ?? entries.find((e) => e.query === null);
      if (!hit) {
        noteUnhandled(request);
        console.error(`[mockApi] ${request.method} ${request.url}: no handler for this query (${entries.map((e) => e.query).join(', ')})`);
        return HttpResponse.error();
      }
      return answer(hit.handler, await record(request));
    }),
  );
}

/** Registers per-test answers and reads the requests they answered. */
export const mockApi = {
  /** A table of "METHOD /api/path" → answer (a value, a Response or a function of the call). */
  routes(table: Record<string, Handler>) {
    server.use(...handlersFor(table));
  },
  /**
   * The answer to every request to /api nothing else answers (any method), for a test that does not
   * care what the pages behind ask for. Every other handler, the defaults included, answers first.
   */
  otherwise(handler: Handler) {
    const initial = new Set<unknown>(defaultHandlers);
    const added = server.listHandlers().filter((h) => !initial.has(h));
    server.resetHandlers();
    server.use(
      ...added,
      ...defaultHandlers,
      http.all('/api/*', async ({ request }) => answer(handler, await record(request))),
    );
  },
  get: (path: string, handler: Handler) => mockApi.routes({ [`GET ${path}`]: handler }),
  post: (path: string, handler: Handler) => mockApi.routes({ [`POST ${path}`]: handler }),
  put: (path: string, handler: Handler) => mockApi.routes({ [`PUT ${path}`]: handler }),
  patch: (path: string, handler: Handler) => mockApi.routes({ [`PATCH ${path}`]: handler }),
  delete: (path: string, handler: Handler) => mockApi.routes({ [`DELETE ${path}`]: handler }),
  /**
   * The recorded requests, oldest first, optionally of one method and one path (a path with a query
   * is compared with the whole URL). Requests only the default handlers answered are not here.
   * A request reaches its handler a few ticks after `fetch` is called: after a click, wait for it
   * (`await waitFor(() => expect(mockApi.calls('POST', path)).toHaveLength(1))`).
   */
  calls(method?: string, path?: string): ApiCall[] {
    return calls.filter((c) => complete.has(c) && (!method || c.method === method) && (!path || (path.includes('?') ? c.url === path : c.path === path)));
  },
};
