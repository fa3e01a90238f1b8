import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, shot } from '../support/browser';

afterAll(closeBrowser);

describe('checkout with billing details and the receipt', () => {
  it('a professional buys a demo plan with a NIF, opens the receipt from the credit history and prints it', async () => {
    const { page, context } = await newPage();
    const email = `recibo.${Date.now()}@exemplo.pt`;
    const senha = 'Recibo#Certo26';
    const reg = await page.request.post('/api/profissional/register', {
      data: { nome: 'Rui Eletricista', email, senha, cidade: 'Porto', bairro: 'Porto', aceitaTermos: true },
    });
    expect(reg.status()).toBe(201);

    await page.goto('/areadoprofissional/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(senha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));

    await page.goto('/checkout/basico');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Pagamento' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Pagamento · Técnico Certo');
    await page.getByRole('radio', { name: /Cartão/ }).check();
    const billing = page.getByRole('group', { name: /Dados de faturação/ });
    const nif = billing.getByLabel('NIF');
    // A wrong check digit: refused in the form, nothing sent.
    await nif.fill('501964842');
    await page.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await expect.poll(() => billing.getByRole('alert').innerText()).toContain('o último algarismo (de controlo) não corresponde');
    expect(await nif.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout/basico');

    await nif.fill('501 964 843');
    await billing.getByLabel('Nome ou empresa').fill('Eletro Rui, Lda.');
    await billing.getByLabel('Morada').fill('Rua das Flores, 12\n4050-262 Porto');
    await shot(page, 'checkout-faturacao-1280');
    await page.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await page.waitForURL(/\/pagamento-demo\/\d+$/);
    const pagamentoId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: 'Confirmar pagamento (demonstração)' }).click();
    await page.waitForURL(/\/sucesso\?pagamento=\d+/);
    await expect.poll(() => page.getByRole('heading', { name: 'Pagamento aprovado' }).isVisible()).toBe(true);

    // From the credit history to the receipt.
    await page.goto('/areadoprofissional/menu');
    const history = page.getByRole('region', { name: 'Histórico de créditos' });
    await history
      .getByRole('link', { name: /^Recibo da compra de / })
      .first()
      .click();
    await page.waitForURL(`**/recibo/${pagamentoId}`);
    const receipt = page.getByRole('article', { name: 'Recibo' });
    await expect.poll(() => receipt.isVisible()).toBe(true);
    const text = (await receipt.innerText()).replace(/\s+/g, ' ');
    const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/Lisbon' }).format(new Date());
    expect(text).toContain(`TC-${year}-${String(pagamentoId).padStart(6, '0')}`);
    for (const part of [
      '501 964 843',
      'Eletro Rui, Lda.',
      'Rua das Flores, 12 4050-262 Porto',
      'Plano Básico',
      'Base tributável 0,81 €',
      'IVA (23 %) 0,19 €',
      'Total pago 1,00 €',
      'não serve de fatura',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Data do pagamento \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(text).toMatch(/Referência do pagamento demo_[0-9a-f-]{36}/);
    expect(await page.getByRole('button', { name: 'Imprimir ou guardar em PDF' }).isVisible()).toBe(true);
    await shot(page, 'recibo-1280');

    // On paper: only the receipt (no site header, footer or buttons), and it prints to a PDF.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Imprimir ou guardar em PDF' }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });

    // Someone else's receipt is not there.
    const other = await page.request.get(`/api/pagamentos/${pagamentoId + 100000}/recibo`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token_profissional'))}` },
    });
    expect(other.status()).toBe(404);
    await context.close();
  });
});
