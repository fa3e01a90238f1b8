import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadEnv, seedDemoEnabled } from './env';

describe('configuration', () => {
  it('has working defaults for a bare machine', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    // Nothing demo without DEMO_MODE=true (npm start sets it).
    expect(seedDemoEnabled(env)).toBe(false);
    expect(seedDemoEnabled(loadEnv({ DEMO_MODE: 'true' }))).toBe(true);
  });

  it('lists every wrong variable at once', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'sk_test_1', SMTP_URL: 'http://mail' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must start with postgres/);
    expect(problems).toMatch(/SMTP_URL/);
    expect(problems).toMatch(/STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/);
  });

  it('needs a shared JWT secret on a real deployment with PostgreSQL, not in the demo', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/x' })).toThrow(/JWT_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', DEMO_MODE: 'true', DATABASE_URL: 'postgres://db/x' }).DATABASE_URL).toBe('postgres://db/x');
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('takes TRUST_PROXY as proxy addresses or CIDR ranges, and refuses a hop count', () => {
    expect(loadEnv({}).TRUST_PROXY).toEqual([]);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual([]);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    for (const bad of ['1', 'balanceador', '10.0.0.0/33', '300.1.1.1']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: list the proxies/);
    }
  });

  it('stops the real process with the list and a non-zero exit', () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, PORT: '99999', JWT_SECRET: 'short' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toMatch(/PORT/);
    expect(run.stderr).toMatch(/JWT_SECRET: must have at least 32 characters/);
  });
});
