import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, DEMO, newPage, shot } from '../support/browser';
import { apiLogin, confirmationLink, PNG } from '../support/api';

afterAll(closeBrowser);

describe("the client's whole journey", () => {
  it('home → service → register → complete profile → publish → approved → complete → review', async () => {
    const { page, context } = await newPage();
    const email = `cliente.${Date.now()}@exemplo.pt`;

    // 1. A logged-out visitor picks a service on the home page.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Técnicos de confiança para a sua casa' }).waitFor();
    await shot(page, 'home-1280');
    await page.getByLabel('Que serviço precisa? (Serviços Elétricos)').selectOption('tomadas');
    await page.getByRole('article').filter({ hasText: 'Serviços Elétricos' }).getByRole('button', { name: 'Escolher Projeto' }).click();
    await page.waitForURL('**/areadocliente/login');
    // The log-in page says why, keeps the project and offers "Criar conta".
    await expect.poll(() => page.getByText('Inicie sessão ou crie uma conta para publicar o seu projeto.').isVisible()).toBe(true);
    expect(await page.getByText('O seu projeto «Tomadas e interruptores» fica guardado').isVisible()).toBe(true);
    await shot(page, 'login-publicar-1280');

    // 2. Registers.
    await page.getByRole('link', { name: 'Criar conta', exact: true }).click();
    await page.waitForURL('**/cadastro-cliente');
    await page.getByLabel('Nome').fill('Marta Nogueira');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Casa#Segura2026');
    await page.getByRole('checkbox', { name: 'Li e aceito os Termos e Condições e a Política de Privacidade' }).check();
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

    // 4. Still signed in (decision 0011): straight to the project form, already filled from the chosen service.
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
    // The e-mail is not confirmed yet: the project waits, and the page says so.
    const notice = page.getByRole('region', { name: 'Confirme o seu e-mail para o projeto seguir para aprovação' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await shot(page, 'projetos-confirmar-email-1280');
    const admin = await apiLogin(page.request, DEMO.admin, 'admin');
    const cliente = await apiLogin(page.request, email, 'cliente', 'Casa#Segura2026');
    const mine = await (await page.request.get(`/api/requests/cliente/${cliente.id}`, { headers: cliente.headers })).json();
    const projectId = mine.items[0].id as number;
    const refused = await page.request.patch(`/api/requests/${projectId}/aprovar`, { headers: admin.headers, data: { creditos: 10 } });
    expect(refused.status()).toBe(409);

    // The confirmation e-mail (the demo outbox) has the link; opening it confirms.
    await page.goto(await confirmationLink(page.request, email));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'E-mail confirmado' }).isVisible()).toBe(true);
    await shot(page, 'confirmar-email-1280');
    await page.getByRole('link', { name: 'Ver os meus projetos' }).click();
    await expect.poll(() => card.getByText('Em análise').first().isVisible()).toBe(true);
    expect(await notice.count()).toBe(0);

    // 6. Sees it in the dashboard carousel.
    await page.goto('/areadocliente/menu');
    await expect.poll(() => page.getByRole('region', { name: 'Historico de Projetos' }).getByText('Tomadas e interruptores').first().isVisible()).toBe(true);
    await shot(page, 'menu-cliente-1280');

    // 7. An admin approves and prices it in one step (through the API); a professional with credits applies.
    const approved = await page.request.patch(`/api/requests/${projectId}/aprovar`, { headers: admin.headers, data: { creditos: 10 } });
    expect(await approved.json()).toMatchObject({ status: 'ABERTO', creditos: 10, visivel: true });
    const pro = await apiLogin(page.request, DEMO.profissional, 'profissional');
    expect((await page.request.post('/api/creditos/usar', { headers: pro.headers, data: { requestId: projectId } })).status()).toBe(201);

    // 8. Sees the applicant on the card, chooses them, then marks it complete saying who did the job.
    await page.goto(`/projetos/${cliente.id}`);
    await expect.poll(() => card.getByText('1/5 candidaturas').isVisible()).toBe(true);
    const applicants = card.getByRole('region', { name: 'Candidatos' });
    await expect.poll(() => applicants.getByRole('link', { name: /João Ferreira/ }).isVisible()).toBe(true);
    await applicants.getByRole('button', { name: /Escolhi este profissional/ }).click();
    await expect.poll(() => applicants.getByText('Escolhido').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Marcar como concluído' }).click();
    const complete = page.getByRole('dialog', { name: 'Marcar como concluído?' });
    await expect.poll(() => complete.getByRole('radio', { name: /João Ferreira/ }).isChecked()).toBe(true);
    await shot(page, 'concluir-quem-fez-1280');
    await complete.getByRole('button', { name: 'Sim, concluir' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Avaliar profissional' }).isVisible()).toBe(true);

    // 9. Reviews the professional who did the job (the only one who can be reviewed).
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
