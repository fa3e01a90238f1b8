import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage } from '../support/browser';
import { signInAs, type Role as RoleName } from '../support/session';

afterAll(closeBrowser);

/** axe-core's browser bundle, injected into each page (issue 12: 0 serious or critical violations). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Role = RoleName | null;

/** The main pages, as the role that uses them; `:id` is the signed-in person's own id. */
const PAGES: [Role, string][] = [
  [null, '/'],
  [null, '/comofunciona'],
  [null, '/areadocliente/login'],
  [null, '/areadoprofissional/login'],
  [null, '/login'],
  ['cliente', '/profissionais'],
  ['cliente', '/profissionais/1'],
  ['cliente', '/projetos/:id'],
  ['profissional', '/areadoprofissional/menu'],
  ['profissional', '/areadoprofissional/buscar-trabalhos'],
  ['admin', '/dashboard'],
  ['admin', '/listagem-projetos'],
  ['admin', '/cadastro'],
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The page's serious and critical axe violations (WCAG 2.x A and AA rules plus axe's best practices). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not a <script> tag: the app's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`));
}

describe.each([1280, 375])('accessibility at %i px', (width) => {
  it.each(PAGES)('%s %s has no serious or critical axe violation', async (role, path) => {
    const { page, context } = await newPage({ width, height: width === 375 ? 812 : 800 });
    const id = role ? await signInAs(context, role) : 0;
    await page.goto(path.replace(':id', String(id)));
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    // Sections drawn as they near the viewport (the home page's top professionals) are checked too.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    // Content that arrives after the first paint (lists, figures) is checked too.
    await expect.poll(() => page.locator('[aria-busy="true"], .state[role="status"], .spinner').count()).toBe(0);
    await page.evaluate(() => document.fonts.ready);
    const found = await seriousViolations(page);
    expect(found, found.join('\n')).toEqual([]);
    await context.close();
  });
});
