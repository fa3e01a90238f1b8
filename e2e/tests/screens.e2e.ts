import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, shot } from '../support/browser';
import { signInAs, type Role as RoleName } from '../support/session';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

type Role = RoleName | null;

/** Every screen of the route table, as the role that may see it. */
const SCREENS: [Role, string][] = [
  [null, '/'],
  [null, '/comofunciona'],
  [null, '/creditos'],
  [null, '/cadastro-cliente'],
  [null, '/cadastro-profissional'],
  [null, '/areadocliente/login'],
  [null, '/areadoprofissional/login'],
  [null, '/login'],
  [null, '/cadastro'],
  [null, '/cliente/esqueci-senha'],
  [null, '/cancelado'],
  [null, '/sucesso'],
  [null, '/termos'],
  [null, '/privacidade'],
  [null, '/cookies'],
  ['cliente', '/areadocliente/menu'],
  ['cliente', '/agendamento'],
  ['cliente', '/projetos/1'],
  ['cliente', '/profissionais'],
  ['cliente', '/profissionais/1'],
  ['cliente', '/avaliar'],
  ['cliente', '/avaliacao/1'],
  ['cliente', '/conta'],
  ['cliente', '/conta/editar-perfil'],
  ['cliente', '/conta/alterar-senha'],
  ['cliente', '/areadocliente/completar-perfil'],
  ['profissional', '/areadoprofissional/menu'],
  ['profissional', '/areadoprofissional/buscar-trabalhos'],
  ['profissional', '/areadoprofissional/detalhes-chamado/3'],
  ['profissional', '/areadoprofissional/chamados-agendados'],
  ['profissional', '/areadoprofissional/minhas-avaliacoes'],
  ['profissional', '/areadoprofissional/completar-perfil'],
  ['profissional', '/checkout/elite'],
  ['profissional', '/conta'],
  ['admin', '/dashboard'],
  ['admin', '/cadastro'],
  ['admin', '/listagem-projetos'],
  ['admin', '/listagem-clientes'],
  ['admin', '/listagem-reviews'],
  ['admin', '/listagem-profissionais'],
  ['admin', '/detalhes-recebido'],
  ['admin', '/detalhes-valor'],
];

/**
 * The main pages, also checked with axe-core (issue 12: no serious or critical violation, WCAG 2.x A
 * and AA rules plus axe's best practices), in the same visit as the rest (they were a file of their
 * own, which opened each page a second time).
 */
const AXE_CHECKED = new Set([
  '- /',
  '- /comofunciona',
  '- /areadocliente/login',
  '- /areadoprofissional/login',
  '- /login',
  'cliente /profissionais',
  'cliente /profissionais/1',
  'cliente /projetos/1',
  'profissional /areadoprofissional/menu',
  'profissional /areadoprofissional/buscar-trabalhos',
  'admin /dashboard',
  'admin /listagem-projetos',
  'admin /cadastro',
]);

/** Scrolls the page down `step` px at a time, pausing `pauseMs` at each, then back to the top. */
const scrollThrough = (page: Page, step: number, pauseMs: number) =>
  page.evaluate(
    async ([step, pauseMs]) => {
      for (let y = 0; y < document.body.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, pauseMs));
      }
      window.scrollTo(0, 0);
    },
    [step, pauseMs] as const,
  );

const screenKey = (role: Role, path: string) => `${role ?? '-'} ${path}`;

it('every page checked with axe is one of the screens (a renamed path would drop its check)', () => {
  const screens = new Set(SCREENS.map(([role, path]) => screenKey(role, path)));
  expect([...AXE_CHECKED].filter((k) => !screens.has(k))).toEqual([]);
});

describe.each([1280, 375])('every screen at %i px', (width) => {
  it.each(SCREENS)('%s %s renders without errors, with a heading and no sideways scroll', async (role, path) => {
    const { page, context } = await newPage({ width, height: width === 375 ? 812 : 800 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // A CSP violation (an inline script, an eval probe) is no console error, yet Chromium reports it.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const w = window as unknown as { cspViolations?: string[] };
        (w.cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    if (role) await signInAs(context, role);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(page.url(), 'not redirected to a login').not.toMatch(/\/login$/.test(path) ? /$^/ : /\/login(\?|$)/);
    await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
    expect(await page.getByText('em construção').count(), 'no placeholder left').toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Load lazy images before the full-page screenshot.
    await scrollThrough(page, 600, 30);
    await page.waitForLoadState('networkidle');
    const broken = await page.evaluate(() => [...document.images].filter((i) => i.complete && i.naturalWidth === 0 && i.currentSrc).map((i) => i.currentSrc));
    expect(broken, 'broken images').toEqual([]);
    await shot(page, `screen${path.replace(/\//g, '_') || '_home'}-${role ?? 'publico'}-${width}`);
    expect(errors, 'console and page errors').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []), 'content security policy violations').toEqual(
      [],
    );
    if (AXE_CHECKED.has(screenKey(role, path))) {
      // Sections drawn as they near the viewport (the home page's top professionals) are checked too.
      await scrollThrough(page, 400, 50);
      await page.waitForLoadState('networkidle');
      // Content that arrives after the first paint (lists, figures) is checked too.
      await expect.poll(() => page.locator('[aria-busy="true"], .state[role="status"], .spinner').count()).toBe(0);
      await page.evaluate(() => document.fonts.ready);
      const found = await seriousViolations(page);
      expect(found, `axe: ${found.join('\n')}`).toEqual([]);
    }
    await context.close();
  });
});
