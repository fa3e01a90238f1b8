import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let browser: Browser | undefined;

export async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return browser;
}

export async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}

/** A fresh, isolated browsing session (its own storage) pointed at the app under test. */
export async function newPage(opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const b = await launch();
  const context = await b.newContext({
    baseURL: inject('baseURL'),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Screenshots for people to look at (not compared): e2e/screenshots/<name>.png. Not taken under CI
 * (a clean clone nobody opens; about half a second a full page on its 2 cores) unless
 * E2E_SCREENSHOTS=1.
 */
export async function shot(page: Page, name: string) {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  const dir = resolve(import.meta.dirname, '../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

export const DEMO = {
  password: 'Demo#2026',
  admin: 'admin@tecnicocerto.pt',
  cliente: 'ana.sousa@exemplo.pt',
  profissional: 'joao.ferreira@exemplo.pt',
};
