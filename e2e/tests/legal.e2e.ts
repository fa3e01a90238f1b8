import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, shot } from '../support/browser';

afterAll(closeBrowser);

const PAGES = [
  ['Termos e Condições', '/termos'],
  ['Política de Privacidade', '/privacidade'],
  ['Política de Cookies', '/cookies'],
] as const;
const TERMS_BOX = 'Li e aceito os Termos e Condições e a Política de Privacidade';

describe('legal basics (issue 12)', () => {
  it.each([1280, 375])('the footer links open the three legal pages; the Livro de Reclamações opens in a new tab (%i px)', async (width) => {
    const { page, context } = await newPage({ width, height: width === 375 ? 812 : 800 });
    for (const [name, path] of PAGES) {
      await page.goto('/comofunciona');
      const legal = page.getByRole('navigation', { name: 'Informação legal' });
      await legal.getByRole('link', { name }).click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
      await shot(page, `legal${path.replace('/', '-')}-${width}`);
    }
    const footer = page.locator('footer');
    const livro = footer.getByRole('link', { name: /Livro de Reclamações/ });
    expect(await livro.getAttribute('href')).toBe('https://www.livroreclamacoes.pt/');
    expect(await livro.getAttribute('target')).toBe('_blank');
    expect(await livro.getAttribute('rel')).toBe('noopener');
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `${import.meta.dirname}/../screenshots/rodape-${width}.png` });
    await context.close();
  });

  it('a table-of-contents link scrolls to its section, below the sticky header', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/privacidade');
    await page.getByRole('navigation', { name: 'Índice' }).getByRole('link', { name: 'Os seus direitos', exact: true }).click();
    await page.waitForURL('**/privacidade#direitos');
    const heading = page.getByRole('heading', { level: 2, name: /Os seus direitos/ });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(64);
    expect((await heading.boundingBox())!.y).toBeLessThan(200);
    await context.close();
  });

  it('signing up with the box ticked stores the acceptance: the RGPD export shows the version and the date', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/cadastro-cliente');
    await page.getByLabel('Nome').fill('Inês Termos');
    await page.getByLabel('Email').fill(`ines.${Date.now()}@exemplo.pt`);
    await page.getByLabel('Senha', { exact: true }).fill('Casa#Segura2026');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect.poll(() => page.getByText('Para criar conta, tem de aceitar os Termos e Condições e a Política de Privacidade.').isVisible()).toBe(true);
    await shot(page, 'cadastro-cliente-termos-375');
    await page.getByRole('checkbox', { name: TERMS_BOX }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/areadocliente/completar-perfil');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const exported = await (await page.request.get('/api/cliente/export-data', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(exported.termosAceites).toEqual([{ versao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), aceiteEm: expect.any(String) }]);
    expect(Date.now() - Date.parse(exported.termosAceites[0].aceiteEm)).toBeLessThan(60_000);
    await context.close();
  });
});
