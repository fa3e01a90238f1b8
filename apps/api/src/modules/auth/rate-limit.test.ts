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

describe('behind a load balancer (TRUST_PROXY)', () => {
  let lb: TestApp;
  beforeAll(async () => {
    lb = await createTestApp({ env: { RATE_LIMIT: 'true', TRUST_PROXY: '10.1.0.0/16' } });
  });
  afterAll(() => lb.close());

  const loginFrom = (peer: string, forwardedFor: string, i: number) =>
    lb.app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `alguem${i}@exemplo.pt`, senha: 'Errada#123', tipo: 'cliente' },
    });

  it('counts each client behind a trusted balancer apart, and ignores the header from anyone else', async () => {
    // 20 a minute per address: one client behind the balancer uses its own allowance up...
    for (let i = 0; i < 20; i++) expect((await loginFrom('10.1.0.5', '198.51.100.1', i)).statusCode).toBe(401);
    expect((await loginFrom('10.1.0.5', '198.51.100.1', 20)).statusCode).toBe(429);
    // ...while another client, through the same balancer, is not locked out.
    expect((await loginFrom('10.1.0.5', '198.51.100.2', 21)).statusCode).toBe(401);
    // A peer that is not a listed proxy cannot pick its address with the header.
    for (let i = 0; i < 20; i++) await loginFrom('203.0.113.9', `192.0.2.${i + 1}`, 100 + i);
    expect((await loginFrom('203.0.113.9', '192.0.2.250', 200)).statusCode).toBe(429);
  });
});
