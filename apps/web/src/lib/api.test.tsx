import { describe, expect, it } from 'vitest';
import { api, ApiError, errorMessage } from './api';
import { takeEarly } from './early-fetch';
import { TOKEN_KEY } from './session';

describe('errorMessage', () => {
  it("shows the server's Portuguese refusal and its 'try again in a moment', never a server error's text", () => {
    expect(errorMessage(new ApiError(409, 'NOT_OPEN', 'Projeto indisponível.'), 'Falhou.')).toBe('Projeto indisponível.');
    expect(errorMessage(new ApiError(503, 'BUSY', 'O serviço está muito ocupado neste momento.'), 'Falhou.')).toBe(
      'O serviço está muito ocupado neste momento.',
    );
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'Erro interno.'), 'Falhou.')).toBe('Falhou.');
    expect(errorMessage(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), 'Falhou.')).toBe('Falhou.');
    expect(errorMessage(new ApiError(400, 'VALIDATION', 'Os dados enviados não são válidos.'), 'Falhou.')).toBe('Falhou.');
    expect(errorMessage(new Error('x'), 'Falhou.')).toBe('Falhou.');
  });
});

describe('the answer the HTML asked for early (early-fetch.ts)', () => {
  const token = 'a.b.c';
  const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

  it('is taken once, for the same GET with the same token; anything else is fetched', async () => {
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      fetched.push(url);
      return answer({ from: 'network' });
    }) as typeof fetch;
    try {
      window.__tcCedo = { path: '/profissional/7', token, res: answer({ from: 'early' }) };
      // Another path, or the same path without that token, does not get it.
      expect(takeEarly('/profissional/8', token)).toBeUndefined();
      expect(takeEarly('/profissional/7', 'outro.token.x')).toBeUndefined();
      expect(takeEarly('/profissional/7', null)).toBeUndefined();
      sessionStorage.setItem(TOKEN_KEY.cliente, liveToken());
      window.__tcCedo = { path: '/profissional/7', token: sessionStorage.getItem(TOKEN_KEY.cliente)!, res: answer({ from: 'early' }) };
      // A write to the same path is never answered by it.
      await api('/profissional/7', { as: 'cliente', method: 'PUT', body: {} });
      expect(fetched).toEqual(['/api/profissional/7']);
      expect(await api('/profissional/7', { as: 'cliente' })).toEqual({ from: 'early' });
      expect(window.__tcCedo).toBeUndefined();
      expect(await api('/profissional/7', { as: 'cliente' })).toEqual({ from: 'network' });
      expect(fetched).toEqual(['/api/profissional/7', '/api/profissional/7']);
    } finally {
      globalThis.fetch = realFetch;
      window.__tcCedo = undefined;
      sessionStorage.clear();
    }
  });
});

/** A token the app counts as live (it reads only the expiry). */
function liveToken() {
  const payload = btoa(JSON.stringify({ sub: '1', tipo: 'cliente', exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `h.${payload.replace(/=+$/, '')}.s`;
}
