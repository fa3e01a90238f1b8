import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, shot } from '../support/browser';
import { PNG } from '../support/api';

afterAll(closeBrowser);

describe("the professional's whole journey", () => {
  it('register → profile with ID images → buy credits (demo provider) → find a job → apply → contact revealed → applied list', async () => {
    const { page, context } = await newPage();
    const email = `pro.${Date.now()}@exemplo.pt`;
    const senha = 'Chave#Inglesa26';

    await page.goto('/cadastro-profissional');
    await page.getByLabel('Nome').fill('Nuno Canalizador');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(senha);
    await page.getByLabel('Distrito').selectOption('Porto');
    await page.getByLabel('Cidade', { exact: true }).selectOption('Porto');
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos e Condições e a Política de Privacidade' }).check();
    await page.getByRole('button', { name: 'Criar conta de profissional' }).click();
    await page.waitForURL('**/areadoprofissional/completar-perfil');

    // Profile: nothing is sent until photo, both ID sides, phone, a specialty and consent are there.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/complete-profile')) uploads++;
    });
    await page.getByRole('button', { name: 'Concluir registo' }).click();
    await expect.poll(() => page.getByText('Selecione ao menos uma especialidade').isVisible()).toBe(true);
    expect(await page.getByText('Tem de autorizar o tratamento da cópia do Cartão de Cidadão.').isVisible()).toBe(true);
    expect(uploads).toBe(0);
    await page.getByLabel('Fotografia de perfil').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Cartão de Cidadão (frente)').setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Cartão de Cidadão (verso)').setInputFiles({ name: 'verso.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Telefone', { exact: true }).fill('934 567 890');
    await page.getByLabel('Bio (opcional)').fill('Canalizador no Porto há 12 anos.');
    await page.getByRole('checkbox', { name: 'Reparação de fugas de água' }).check();
    await page.getByRole('checkbox', { name: 'Desentupimentos' }).check();
    await page.getByRole('checkbox', { name: /Autorizo o tratamento da cópia/ }).check();
    await shot(page, 'completar-perfil-profissional-1280');
    await page.getByRole('button', { name: 'Concluir registo' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Cadastro completo!').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('dialog').getByRole('button').first().click();
    // Still signed in (decision 0011): straight to the dashboard, no second log-in.
    await page.waitForURL('**/areadoprofissional/menu');
    const saldo = page.getByRole('region', { name: 'Créditos disponíveis' });
    await expect.poll(() => saldo.innerText()).toMatch(/\b0\b/);

    // Buys the Poupança plan (60 credits) through the demonstration provider.
    await page.goto('/creditos');
    await page
      .getByRole('button', { name: 'Selecionar o plano Poupança' })
      .or(page.getByRole('link', { name: 'Selecionar o plano Poupança' }))
      .click();
    await page.waitForURL('**/checkout/poupanca');
    // "Pagamento" on the page and in the tab, not "Checkout" (issues 9 and 12).
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Pagamento' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Pagamento · Técnico Certo');
    await page.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await expect.poll(() => page.getByText('Escolha uma forma de pagamento.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: /MB WAY/ }).check();
    await shot(page, 'checkout-1280');
    await page.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await page.waitForURL(/\/pagamento-demo\/\d+$/);
    await expect.poll(() => page.getByText('Pagamento de demonstração: nenhum valor é cobrado.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirmar pagamento (demonstração)' }).click();
    await page.waitForURL(/\/sucesso\?pagamento=\d+/);
    await expect.poll(() => page.getByRole('heading', { name: 'Pagamento aprovado' }).isVisible()).toBe(true);
    await page.goto('/areadoprofissional/menu');
    await expect.poll(() => saldo.innerText()).toMatch(/\b60\b/);

    // Finds the open demo job "Fuga de água na casa de banho" (8 credits) and applies.
    await page.goto('/areadoprofissional/buscar-trabalhos');
    await page.getByPlaceholder('Pesquisar por título...').fill('fuga de agua');
    const job = page.getByRole('article').filter({ hasText: 'Fuga de água na casa de banho' });
    // Wait for the filtered list: a click on the unfiltered one can land while it is being replaced.
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'Câmaras de vigilância na moradia' }).count()).toBe(0);
    await expect.poll(() => job.isVisible()).toBe(true);
    expect(await job.getByText('8 créditos').isVisible()).toBe(true);
    await shot(page, 'buscar-trabalhos-1280');
    await job.getByRole('button', { name: 'Candidatar-se' }).click();
    await page.waitForURL(/\/detalhes-chamado\/\d+$/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByText('Disponível após candidatura').first().isVisible()).toBe(true);
    expect(await page.getByText('+351913456789').count()).toBe(0);
    await page.getByRole('button', { name: 'Candidatar-se' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByText(/Saldo atual: 60/).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Confirmar candidatura' }).click();
    await expect.poll(() => page.getByText('Os contatos do cliente foram liberados para você.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('+351913456789').first().isVisible()).toBe(true);
    expect(await page.getByText('bruno.carvalho@exemplo.pt').first().isVisible()).toBe(true);
    await shot(page, 'detalhes-chamado-aplicado-1280');
    // Reload: the page loads by id and still shows the contact.
    await page.reload();
    await expect.poll(() => page.getByText('+351913456789').first().isVisible()).toBe(true);

    await page.goto('/areadoprofissional/menu');
    await expect.poll(() => saldo.innerText()).toMatch(/\b52\b/);
    await page.goto('/areadoprofissional/chamados-agendados');
    const applied = page.getByRole('article').filter({ hasText: 'Fuga de água na casa de banho' });
    await expect.poll(() => applied.isVisible()).toBe(true);
    expect(await applied.getByText('Bruno Carvalho').isVisible()).toBe(true);

    // Back in job search (its pages are the same for every professional, kept by the API a few
    // seconds): the screen marks the job he applied to itself, and its button opens the contact.
    await page.goto('/areadoprofissional/buscar-trabalhos?q=fuga%20de%20agua');
    const mine = page.getByRole('article').filter({ hasText: 'Fuga de água na casa de banho' });
    await expect.poll(() => mine.getByText('Já se candidatou').isVisible()).toBe(true);
    await mine.getByRole('button', { name: 'Ver contacto' }).click();
    await page.waitForURL(/\/detalhes-chamado\/\d+$/);
    await expect.poll(() => page.getByText('+351913456789').first().isVisible()).toBe(true);
    await context.close();
  });
});
