import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '@tc/shared';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'true' } });
});
afterAll(() => t.close());

describe('log-in rate limits', () => {
  it('blocks an e-mail after 10 tries in 15 minutes, even from different addresses', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: c.email, senha: 'Errada#123', tipo: 'cliente' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.99',
      payload: { email: c.email, senha: 'Segura#123', tipo: 'cliente' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: M.tooManyRequests });
  });

  it('blocks one address after 20 log-ins a minute', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const r = await t.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.7',
        payload: { email: `pessoa${i}@exemplo.pt`, senha: 'Errada#123', tipo: 'cliente' },
      });
      last = r.statusCode;
    }
    expect(last).toBe(429);
  });
});
