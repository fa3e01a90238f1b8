/**
 * Manual visual check: `npx tsx e2e/support/screens.ts http://localhost:3000 /path [/path...]`
 * saves full-page screenshots at 1280 and 375 px into SHOTS_DIR (default ./screenshots).
 * Set LOGIN=role:email:password to log in first through the real form.
 */
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const [base, ...paths] = process.argv.slice(2);
const dir = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(dir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 }, locale: 'pt-PT', baseURL: base });
  const page = await ctx.newPage();
  if (process.env.LOGIN) {
    const [role, email, senha] = process.env.LOGIN.split(':');
    await page.goto(role === 'admin' ? '/login' : `/areado${role}/login`);
    await page.getByLabel(/^E-?mail$/).fill(email!);
    await page.getByLabel('Senha', { exact: true }).fill(senha!);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  }
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const name = p.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'home';
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
