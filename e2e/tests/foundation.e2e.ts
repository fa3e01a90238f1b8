import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO, newPage, shot } from '../support/browser';

afterAll(closeBrowser);

async function fillLogin(page: Page, email: string, senha: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const storage = (page: Page) => page.evaluate(() => ({ session: { ...sessionStorage }, local: { ...localStorage } }));

describe('log-in for the three roles', () => {
  it('a demo client logs in and lands on the client menu with the spec storage keys', async () => {
    const { page, context } = await newPage();
    await page.goto('/areadocliente/login');
    await shot(page, 'login-cliente-1280');
    await fillLogin(page, DEMO.cliente, DEMO.password);
    await page.waitForURL('**/areadocliente/menu');
    await expect.poll(() => page.getByText('Login realizado com sucesso!').isVisible()).toBe(true);
    const s = await storage(page);
    expect(s.session.token).toMatch(/^ey/);
    expect(s.local).toMatchObject({ email: DEMO.cliente, tipo: 'cliente' });
    expect(s.local.id).toMatch(/^\d+$/);
    expect(s.local.clienteId).toBe(s.local.id);
    await context.close();
  });

  it('a demo professional logs in and lands on the professional menu', async () => {
    const { page, context } = await newPage();
    await page.goto('/areadoprofissional/login');
    await fillLogin(page, DEMO.profissional, DEMO.password);
    await page.waitForURL('**/areadoprofissional/menu');
    const s = await storage(page);
    expect(s.session.token_profissional).toMatch(/^ey/);
    expect(s.local.profissionalId).toMatch(/^\d+$/);
    await context.close();
  });

  it('the demo admin logs in at /login (title Administrador) and lands on /dashboard', async () => {
    const { page, context } = await newPage();
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Administrador' }).isVisible()).toBe(true);
    await shot(page, 'login-admin-1280');
    await fillLogin(page, DEMO.admin, DEMO.password);
    await page.waitForURL('**/dashboard');
    expect((await storage(page)).session.token_admin).toMatch(/^ey/);
    await context.close();
  });

  it('a wrong password shows the spec message and keeps the user on the login page', async () => {
    const { page, context } = await newPage();
    await page.goto('/areadocliente/login');
    await fillLogin(page, DEMO.cliente, 'Errada#2026');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Erro ao fazer login. Verifique os dados.' }).isVisible()).toBe(true);
    expect(page.url()).toContain('/areadocliente/login');
    expect((await storage(page)).session.token).toBeUndefined();
    await context.close();
  });

  it('a malformed e-mail and a short password are refused in the form, with no request sent', async () => {
    const { page, context } = await newPage();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) calls++;
    });
    await page.goto('/areadocliente/login');
    await fillLogin(page, 'ana@exemplo', '123');
    await expect.poll(() => page.getByText('Email inválido').isVisible()).toBe(true);
    expect(await page.getByText('A senha deve ter pelo menos 8 caracteres').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => page.getByText('Email é obrigatório').isVisible()).toBe(true);
    expect(calls).toBe(0);
    await context.close();
  });
});

describe('route guard and entry redirects (spec §2)', () => {
  it.each([
    ['/areadocliente/menu', '/areadocliente/login'],
    ['/agendamento', '/areadocliente/login'],
    ['/areadoprofissional/buscar-trabalhos', '/areadoprofissional/login'],
    ['/dashboard', '/login'],
    ['/listagem-projetos', '/login'],
    ['/conta', '/areadocliente/login'],
    ['/areadocliente', '/areadocliente/login'],
    ['/areadoprofissional', '/areadoprofissional/login'],
  ])('logged out, %s goes to %s replacing history', async (from, to) => {
    const { page, context } = await newPage();
    await page.goto('/comofunciona');
    await page.goto(from);
    await page.waitForURL(`**${to}`);
    // Replaced, not pushed: Back returns to the page before, not to the guarded one.
    await page.goBack();
    await page.waitForURL('**/comofunciona');
    await context.close();
  });

  it('remembers the origin and returns there after log-in', async () => {
    const { page, context } = await newPage();
    await page.goto('/areadoprofissional/minhas-avaliacoes');
    await page.waitForURL('**/areadoprofissional/login');
    await fillLogin(page, DEMO.profissional, DEMO.password);
    await page.waitForURL('**/areadoprofissional/minhas-avaliacoes');
    // Entry redirect with a session goes to the menu.
    await page.goto('/areadoprofissional');
    await page.waitForURL('**/areadoprofissional/menu');
    await context.close();
  });

  it("a client's token does not open professional or admin routes", async () => {
    const { page, context } = await newPage();
    await page.goto('/areadocliente/login');
    await fillLogin(page, DEMO.cliente, DEMO.password);
    await page.waitForURL('**/areadocliente/menu');
    await page.goto('/areadoprofissional/menu');
    await page.waitForURL('**/areadoprofissional/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('after a client logs in with the redirect flag set, it goes to /agendamento and the flag is cleared', async () => {
    const { page, context } = await newPage();
    await page.goto('/areadocliente/login');
    await page.evaluate(() => localStorage.setItem('redirect', 'true'));
    await fillLogin(page, DEMO.cliente, DEMO.password);
    await page.waitForURL('**/agendamento');
    expect((await storage(page)).local.redirect).toBeUndefined();
    await context.close();
  });

  it('logout clears both storages and goes to the role login', async () => {
    const { page, context } = await newPage();
    await page.goto('/areadoprofissional/login');
    await fillLogin(page, DEMO.profissional, DEMO.password);
    await page.waitForURL('**/areadoprofissional/menu');
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/areadoprofissional/login');
    const s = await storage(page);
    expect(s.session).toEqual({});
    expect(s.local).toEqual({});
    await context.close();
  });
});

describe('registration', () => {
  it('a new client registers and moves to profile completion; the same e-mail again is refused', async () => {
    const { page, context } = await newPage();
    const email = `novo.${Date.now()}@exemplo.pt`;
    await page.goto('/cadastro-cliente');
    await expect.poll(() => page.getByRole('heading', { name: 'Cadastro do Cliente' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect.poll(() => page.getByText('Nome é obrigatório').isVisible()).toBe(true);
    expect(await page.getByText('Email é obrigatório').isVisible()).toBe(true);
    expect(await page.getByText('Senha é obrigatória').isVisible()).toBe(true);
    // The terms box is required too (issue 12).
    expect(await page.getByText('Para criar conta, tem de aceitar os Termos e Condições e a Política de Privacidade.').isVisible()).toBe(true);
    await shot(page, 'cadastro-cliente-erros-1280');
    await page.getByLabel('Nome').fill('Beatriz Nunes');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Casa#Nova2026');
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos e Condições e a Política de Privacidade' }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/areadocliente/completar-perfil');
    expect((await storage(page)).local.clienteId).toMatch(/^\d+$/);

    const again = await newPage();
    await again.page.goto('/cadastro-cliente');
    await again.page.getByLabel('Nome').fill('Outra Pessoa');
    await again.page.getByLabel('Email').fill(email.toUpperCase());
    await again.page.getByLabel('Senha', { exact: true }).fill('Casa#Nova2026');
    await again.page.getByRole('checkbox', { name: 'Li e aceito os Termos e Condições e a Política de Privacidade' }).check();
    await again.page.getByRole('button', { name: 'Criar conta' }).click();
    await expect.poll(() => again.page.getByRole('alert').filter({ hasText: 'Erro ao cadastrar. Verifique os dados.' }).isVisible()).toBe(true);
    expect(await again.page.getByText('Já existe uma conta com este email.').first().isVisible()).toBe(true);
    expect(again.page.url()).toContain('/cadastro-cliente');
    await again.context.close();
    await context.close();
  });

  it('a new professional registers choosing district and city from the catalogue', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/cadastro-profissional');
    await page.getByLabel('Nome').fill('Hugo Teixeira');
    await page.getByLabel('Email').fill(`hugo.${Date.now()}@exemplo.pt`);
    await page.getByLabel('Senha', { exact: true }).fill('Tomada#Segura9');
    await page.getByRole('button', { name: 'Criar conta de profissional' }).click();
    await expect.poll(() => page.getByText('Bairro é obrigatório').isVisible()).toBe(true);
    expect(await page.getByText('Cidade é obrigatória').isVisible()).toBe(true);
    await page.getByLabel('Distrito').selectOption('Porto');
    await page.getByLabel('Cidade', { exact: true }).selectOption('Vila Nova de Gaia');
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos e Condições e a Política de Privacidade' }).check();
    await shot(page, 'cadastro-profissional-375');
    await page.getByRole('button', { name: 'Criar conta de profissional' }).click();
    await page.waitForURL('**/areadoprofissional/completar-perfil');
    await context.close();
  });

  it('admin sign-up is closed once an admin exists', async () => {
    const { page, context } = await newPage();
    await page.goto('/cadastro');
    await expect.poll(() => page.getByText('O registo de administradores está fechado').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Registar' }).count()).toBe(0);
    await context.close();
  });
});

describe('shell', () => {
  it('has the five header links and the footer card logos and credits link; the menu works at 375 px', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    await page.goto('/comofunciona');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    for (const name of ['Início', 'Como funciona', 'Área do Cliente', 'Área do Profissional', 'Créditos']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await shot(page, 'menu-aberto-375');
    for (const alt of ['Visa', 'Mastercard', 'MB WAY', 'Multibanco']) {
      expect(await page.getByRole('img', { name: alt }).count()).toBe(1);
    }
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Comprar créditos' }).count()).toBe(1);
    await nav.getByRole('link', { name: 'Área do Profissional' }).click();
    await page.waitForURL('**/areadoprofissional/login');
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it('an unknown address shows a Portuguese not-found page inside the shell', async () => {
    const { page, context } = await newPage();
    await page.goto('/nao-existe-esta-pagina');
    await expect.poll(() => page.getByRole('heading', { name: 'Página não encontrada' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Principal' }).count()).toBe(1);
    await context.close();
  });

  it("a professional's profile comes with its own code named in the page, and the loader does not name it twice", async () => {
    const { page, context } = await newPage();
    const [top] = (await (await page.request.get('/api/profissional/top-avaliados')).json()) as { id: number; nome: string }[];
    // Profiles are for logged-in clients (spec).
    await page.goto('/areadocliente/login');
    await fillLogin(page, DEMO.cliente, DEMO.password);
    await page.waitForURL('**/areadocliente/menu');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const profileAsks: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === `/api/profissional/${top!.id}` && profileAsks.push(r.method()));
    const res = await page.goto(`/profissionais/${top!.id}`);
    const html = await res!.text();
    // The HTML asks for the profile itself (apps/web/src/lib/early-fetch.ts), allowed by the script's hash.
    const early = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(early).toContain('earlyProfile');
    const hash = createHash('sha256').update(early!).digest('base64');
    expect(res!.headers()['content-security-policy']).toContain(`'sha256-${hash}'`);
    // The page's chunk and its styles are in the HTML (apps/web/landing-preloads.ts), not only added by the app.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/perfil-page-[\w-]+\.js">/);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/profissionais-[\w-]+\.css">/);
    // Only logged-in clients see a profile, so the header's bell (loaded on demand elsewhere) is named too.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/bell-[\w-]+\.js">/);
    // Any other page gets the plain index.html.
    expect(await (await page.request.get('/areadocliente/login')).text()).not.toContain('perfil-page-');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: top!.nome }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: /Avaliações de clientes/ }).isVisible()).toBe(true);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('link[href^="/assets/"]')].map((l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}`),
    );
    expect(links.filter((l) => l.includes('/perfil-page-'))).toHaveLength(1);
    expect(new Set(links).size).toBe(links.length);
    // The app took over the HTML's request instead of asking again.
    expect(profileAsks).toEqual(['GET']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a professional's profile and photo are asked for by the page's HTML, before the app's code has run", async () => {
    const { page, context } = await newPage();
    const [top] = (await (await page.request.get('/api/profissional/top-avaliados')).json()) as { id: number; fotoUrl: string | null }[];
    await page.goto('/areadocliente/login');
    await fillLogin(page, DEMO.cliente, DEMO.password);
    await page.waitForURL('**/areadocliente/menu');
    const photo = (await (
      await page.request.get(`/api/profissional/${top!.id}`, {
        headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` },
      })
    ).json()) as {
      fotoUrl: string | null;
    };
    expect(photo.fotoUrl).toBeTruthy();
    // The app's code never arrives: whatever is asked for comes from the HTML alone.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    const profile = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/profissional/${top!.id}`);
    const image = page.waitForRequest((r) => r.url().endsWith(photo.fotoUrl!));
    await page.goto(`/profissionais/${top!.id}`);
    expect((await profile).headers()['authorization']).toMatch(/^Bearer /);
    await image;
    expect(await page.evaluate(() => document.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href'))).toBe(photo.fotoUrl);
    // Not for someone who is not logged in (the page then sends him to the log-in).
    await page.evaluate(() => sessionStorage.clear());
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/profissional/') && asked.push(r.url()));
    await page.goto(`/profissionais/${top!.id}`);
    await page.waitForLoadState('load');
    expect(asked).toEqual([]);
    await context.close();
  });

  it('deep links survive a reload (SPA fallback) and unknown API paths answer JSON', async () => {
    const { page, context } = await newPage();
    const res = await page.goto('/cadastro-profissional');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const api = await page.request.get('/api/nada');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ code: 'NOT_FOUND', message: 'Não encontrado.' });
    await context.close();
  });
});
