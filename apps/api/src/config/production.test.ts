import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../test/harness';
import { loadEnv, seedDemoEnabled } from './env';
import { LOGIN } from '../modules/auth/attempt-limits';

/**
 * A real deployment must not expose the demo conveniences, whatever NODE_ENV says (a forgotten
 * NODE_ENV=production used to switch them all on): only DEMO_MODE=true does.
 */
describe.each(['production', 'development', 'test'])('NODE_ENV=%s without DEMO_MODE', (nodeEnv) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: nodeEnv, DEMO_MODE: 'false', RATE_LIMIT: 'true', LOG_LEVEL: 'silent' } });
  });
  afterAll(() => t.close());

  it('does not seed demo people with public passwords unless asked', () => {
    expect(seedDemoEnabled(loadEnv({ NODE_ENV: nodeEnv }))).toBe(false);
    expect(seedDemoEnabled(loadEnv({ NODE_ENV: nodeEnv, DEMO_MODE: 'true' }))).toBe(true);
  });

  it('has no demo payment page: without Stripe keys, buying is unavailable, not free', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Elite' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENTS_UNAVAILABLE');
    expect((await t.app.inject({ method: 'POST', url: '/api/pagamentos/demo/1/confirmar', headers: p.auth })).statusCode).toBe(404);
  });

  it('does not serve the e-mail outbox (it would show recovery codes to anyone)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/emails' });
    expect(res.statusCode).toBe(404);
  });

  it('ignores X-Forwarded-For unless a proxy is configured, so per-IP limits cannot be dodged', async () => {
    let last = 0;
    for (let i = 0; i <= LOGIN.perIp; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `x${i}@exemplo.pt`, senha: 'Errada#123', tipo: 'cliente' },
      });
      last = r.statusCode;
    }
    expect(last).toBe(429);
  });
});
