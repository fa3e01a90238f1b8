import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { LOGIN } from './attempt-limits';

describe('behind a load balancer (TRUST_PROXY)', () => {
  let lb: TestApp;
  beforeAll(async () => {
    lb = await createTestApp({ env: { RATE_LIMIT: 'true', TRUST_PROXY: '10.1.0.0/16' } });
  });
  afterAll(() => lb.close());

  const loginFrom = (peer: string, forwardedFor: string, i: number) =>
    lb.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `alguem${i}@exemplo.pt`, senha: 'Errada#123', tipo: 'cliente' },
    });

  it('counts each client behind a trusted balancer apart, and ignores the header from anyone else', async () => {
    // LOGIN.perIp failures per address: one client behind the balancer uses its own allowance up...
    for (let i = 0; i < LOGIN.perIp; i++) expect((await loginFrom('10.1.0.5', '198.51.100.1', i)).statusCode).toBe(401);
    expect((await loginFrom('10.1.0.5', '198.51.100.1', 99)).statusCode).toBe(429);
    // ...while another client, through the same balancer, is not locked out.
    expect((await loginFrom('10.1.0.5', '198.51.100.2', 98)).statusCode).toBe(401);
    // A peer that is not a listed proxy cannot pick its address with the header.
    for (let i = 0; i < LOGIN.perIp; i++) await loginFrom('203.0.113.9', `192.0.2.${i + 1}`, 100 + i);
    expect((await loginFrom('203.0.113.9', '192.0.2.250', 200)).statusCode).toBe(429);
  });
});
