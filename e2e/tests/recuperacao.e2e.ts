import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, shot } from '../support/browser';

afterAll(closeBrowser);

describe('password recovery (no SMTP: the local outbox)', () => {
  it('a professional gets a 6-digit code, validates it and logs in with the new password', async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    const email = `recupera.${Date.now()}@exemplo.pt`;
    const reg = await page.request.post('/api/profissional/register', {
      data: { nome: 'Rui Recupera', email, senha: 'Antiga#2026', cidade: 'Porto', bairro: 'Porto', aceitaTermos: true },
    });
    expect(reg.status()).toBe(201);

    await page.goto('/areadoprofissional/login');
    await page.getByRole('link', { name: 'Esqueci-me da senha' }).click();
    await page.waitForURL('**/profissional/esqueci-senha');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect.poll(() => page.getByText('O e-mail é obrigatório').isVisible()).toBe(true);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL('**/profissional/otp');
    await expect.poll(() => page.getByText('Digite o código de 6 dígitos enviado para seu e-mail.', { exact: false }).isVisible()).toBe(true);
    await shot(page, 'otp-375');

    // Incomplete code: the spec message, nothing sent.
    await page.getByLabel('Dígito 1').fill('1');
    await page.getByRole('button', { name: 'Validar código' }).click();
    await expect.poll(() => page.getByText('Preencha todos os dígitos do código').isVisible()).toBe(true);

    const outbox = await context.newPage();
    await outbox.goto('/dev/emails');
    const text = await outbox.locator('article').filter({ hasText: email }).first().innerText();
    const code = text.match(/O seu código é (\d{6})/)![1]!;
    await outbox.close();

    // A wrong code first.
    const wrong = code === '999999' ? '000000' : '999999';
    await page.getByLabel('Dígito 1').focus();
    for (const [i, d] of [...wrong].entries()) await page.getByLabel(`Dígito ${i + 1}`).fill(d);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await expect.poll(() => page.getByText('Código inválido ou expirado').isVisible()).toBe(true);

    for (const [i, d] of [...code].entries()) await page.getByLabel(`Dígito ${i + 1}`).fill(d);
    await page.getByRole('button', { name: 'Validar código' }).click();
    await page.waitForURL('**/profissional/alterar-senha');
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova#Senha2026');
    await page.getByLabel('Confirmar nova senha').fill('Diferente#2026');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect.poll(() => page.getByText('As senhas não coincidem').isVisible()).toBe(true);
    await page.getByLabel('Confirmar nova senha').fill('Nova#Senha2026');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.waitForURL('**/areadoprofissional/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Nova#Senha2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await context.close();
  });
});
