import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, DEMO, newPage, shot } from '../support/browser';
import { apiLogin, PNG } from '../support/api';

afterAll(closeBrowser);

describe("the client's whole journey", () => {
  it('home → service → register → complete profile → publish → approved → complete → review', async () => {
    const { page, context } = await newPage();
    const email = `cliente.${Date.now()}@exemplo.pt`;

    // 1. A logged-out visitor picks a service on the home page.
    await page.goto('/');
    await shot(page, 'home-1280');
    await page.getByLabel('Que serviço precisa? (Serviços Elétricos)').selectOption('tomadas');
    await page.getByRole('article').filter({ hasText: 'Serviços Elétricos' }).getByRole('button', { name: 'Escolher Projeto' }).click();
    await page.waitForURL('**/areadocliente/login');

    // 2. Registers.
    await page.getByRole('link', { name: 'Ainda não tem conta? Registe-se' }).click();
    await page.waitForURL('**/cadastro-cliente');
    await page.getByLabel('Nome').fill('Marta Nogueira');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Casa#Segura2026');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/areadocliente/completar-perfil');

    // 3. Completes the profile (photo + phone).
    await page.getByRole('button', { name: 'Concluir registo' }).click();
    await expect.poll(() => page.getByText('Telefone é obrigatório').isVisible()).toBe(true);
    await page.locator('input[type=file]').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Telefone', { exact: true }).fill('912 345 678');
    await shot(page, 'completar-perfil-cliente-1280');
    await page.getByRole('button', { name: 'Concluir registo' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Cadastro completo!').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/areadocliente/login');

    // 4. Logs in and lands on the project form, already filled from the chosen service.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Casa#Segura2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/agendamento');
    await expect.poll(() => page.getByLabel('Título').inputValue()).toBe('Tomadas e interruptores');
    expect(await page.getByLabel('Especialidade').inputValue()).toBe('tomadas-interruptores');

    // 5. Publishes.
    await page.getByLabel('Descrição').fill('Trocar 6 tomadas antigas na sala e cozinha; duas não dão corrente.');
    await page.getByLabel('Distrito').selectOption('Lisboa');
    await page.getByLabel('Cidade').selectOption('Oeiras');
    await expect.poll(() => page.getByLabel('Contacto').inputValue()).not.toBe('');
    await page.getByLabel('Tempo estimado').selectOption('URGENTE');
    await shot(page, 'agendamento-1280');
    await page.getByRole('button', { name: 'Publicar projeto' }).click();
    await page.waitForURL(/\/projetos\/\d+$/);
    await expect.poll(() => page.getByText('Projeto publicado com sucesso!').first().isVisible()).toBe(true);
    const card = page.getByRole('article').filter({ hasText: 'Tomadas e interruptores' });
    await expect.poll(() => card.getByText('Em análise').first().isVisible()).toBe(true);

    // 6. Sees it in the dashboard carousel.
    await page.goto('/areadocliente/menu');
    await expect.poll(() => page.getByRole('region', { name: 'Historico de Projetos' }).getByText('Tomadas e interruptores').first().isVisible()).toBe(true);
    await shot(page, 'menu-cliente-1280');

    // 7. An admin approves it and prices it (through the API); a professional with credits applies.
    const admin = await apiLogin(page.request, DEMO.admin, 'admin');
    const cliente = await apiLogin(page.request, email, 'cliente', 'Casa#Segura2026');
    const mine = await (await page.request.get(`/api/requests/cliente/${cliente.id}`, { headers: cliente.headers })).json();
    const projectId = mine.items[0].id as number;
    expect((await page.request.patch(`/api/requests/${projectId}/aprovar`, { headers: admin.headers })).status()).toBe(200);
    expect((await page.request.put(`/api/requests/atualiza-creditos/${projectId}`, { headers: admin.headers, data: { creditos: 10 } })).status()).toBe(200);
    const pro = await apiLogin(page.request, DEMO.profissional, 'profissional');
    expect((await page.request.post('/api/creditos/usar', { headers: pro.headers, data: { requestId: projectId } })).status()).toBe(201);

    // 8. Marks it complete.
    await page.goto(`/projetos/${cliente.id}`);
    await expect.poll(() => card.getByText('1/5 candidaturas').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Marcar como concluído' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim, concluir' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Avaliar profissional' }).isVisible()).toBe(true);

    // 9. Reviews the professional who applied.
    await card.getByRole('button', { name: 'Avaliar profissional' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecione o profissional contratado' });
    await picker.getByRole('button', { name: /João Ferreira/ }).click();
    await page.waitForURL(/\/avaliacao\/\d+/);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => page.getByText('Preencha todos os campos.').first().isVisible()).toBe(true);
    await page.getByRole('radio', { name: '5 estrelas' }).click();
    await page.getByLabel('Comentário').fill('Rápido, limpo e explicou tudo. Recomendo.');
    await shot(page, 'avaliacao-1280');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => page.getByText('Feedback enviado!').first().isVisible()).toBe(true);

    const reviews = await (await page.request.get('/api/review/all?status=ESPERA', { headers: admin.headers })).json();
    expect(reviews.items.some((r: { comentario: string }) => r.comentario.startsWith('Rápido, limpo'))).toBe(true);
    await context.close();
  });
});
