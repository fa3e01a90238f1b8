/**
 * Every page a signed-in person opens has the header's bell, which asks the API for the unread count
 * (and, when opened, the list). Page tests stub `fetch` with their own routes and count their calls:
 * this wrapper answers the bell's requests itself (nothing unread) without passing them to the
 * test's stub, so a page test sees only the calls of the page. The bell has its own tests.
 */
export function withQuietBell<F extends (input: never, init?: never) => Promise<Response>>(stub: F): F {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if ((init?.method ?? 'GET') === 'GET' && (path === '/api/notificacoes' || path === '/api/notificacoes/por-ler')) {
      const body = path === '/api/notificacoes/por-ler' ? { total: 0 } : { items: [], page: 1, pageSize: 10, hasMore: false };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return stub(input as never, init as never);
  }) as unknown as F;
}
