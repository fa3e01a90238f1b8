import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, DEMO, newPage, shot } from '../support/browser';
import { apiLogin, confirmationLink, PNG } from '../support/api';

afterAll(closeBrowser);

describe("the admin's back office", () => {
  it('approves and prices a project, approves and rejects reviews, verifies a professional, and the figures change', async () => {
    const { page, context } = await newPage();
    const stamp = Date.now();

    // Data the admin will act on, created through the API as users would.
    const cliente = await (
      await page.request.post('/api/cliente/register', {
        data: { nome: 'Rosa Pendente', email: `rosa.${stamp}@exemplo.pt`, senha: 'Casa#Segura2026', aceitaTermos: true },
      })
    ).json();
    const cAuth = { authorization: `Bearer ${cliente.access_token}` };
    const titulo = `Instalar campainha ${stamp}`;
    expect(
      (
        await page.request.post('/api/requests/create', {
          headers: cAuth,
          data: {
            titulo,
            descricao: 'Campainha sem fios à porta.',
            cidade: 'Porto',
            bairro: 'Porto',
            especialidade: 'pequenas-reparacoes',
            contato: '912000111',
            tempo: 'NORMAL',
          },
        })
      ).status(),
    ).toBe(201);
    // A second pending review to reject: Ana completes her open project saying João (who applied) did
    // it, then reviews him (only the professional who did the job can be reviewed).
    const ana = await apiLogin(page.request, DEMO.cliente, 'cliente');
    const joao = await apiLogin(page.request, DEMO.profissional, 'profissional');
    const anaProjects = await (await page.request.get(`/api/requests/cliente/${ana.id}?pageSize=50`, { headers: ana.headers })).json();
    const led = anaProjects.items.find((r: { titulo: string }) => r.titulo === 'Iluminação LED na cozinha');
    expect((await page.request.patch(`/api/requests/${led.id}/concluir`, { headers: ana.headers, data: { profissionalId: joao.id } })).status()).toBe(200);
    expect(
      (
        await page.request.post('/api/review/create', {
          headers: ana.headers,
          data: { profissionalId: joao.id, requestId: led.id, nota: 1, comentario: `Spam publicitário ${stamp}` },
        })
      ).status(),
    ).toBe(201);
    // A professional with ID documents waiting for verification, and a pending Multibanco purchase.
    const pro = await (
      await page.request.post('/api/profissional/register', {
        data: {
          nome: `Vera Verificar ${stamp}`,
          email: `vera.${stamp}@exemplo.pt`,
          senha: 'Chave#Inglesa26',
          cidade: 'Faro',
          bairro: 'Faro',
          aceitaTermos: true,
        },
      })
    ).json();
    const pAuth = { authorization: `Bearer ${pro.access_token}` };
    const img = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
    expect(
      (
        await page.request.put('/api/profissional/complete-profile', {
          headers: pAuth,
          multipart: {
            id: String(pro.id),
            telefone: '+351916123456',
            'especialidades[]': 'falta-energia',
            consentimento: 'true',
            fotoPerfil: img('f.png'),
            ccFrente: img('a.png'),
            ccVerso: img('b.png'),
          },
        })
      ).status(),
    ).toBe(200);

    // Log in through the web.
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/dashboard');
    const total = page.getByRole('article', { name: 'Valor Total' });
    await expect.poll(() => total.isVisible()).toBe(true);
    const totalBefore = await total.locator('.stat-value').innerText();
    const projetosBefore = await page.getByRole('article', { name: 'Projetos' }).locator('.stat-value').innerText();
    await shot(page, 'admin-dashboard-1280');

    // 1. Approve the pending project and give it credits.
    await page.goto('/listagem-projetos');
    await page.getByLabel('Pesquisar projetos').fill(String(stamp));
    const card = page.getByRole('article').filter({ hasText: titulo });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Aplicar créditos' }).count()).toBe(0);
    // Rosa has not confirmed her e-mail yet: the project cannot be approved.
    await expect.poll(() => card.getByText('E-mail por confirmar').isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Aprovar' }).isDisabled()).toBe(true);
    // She opens the link of her confirmation e-mail.
    const rosaLink = await confirmationLink(page.request, `rosa.${stamp}@exemplo.pt`); // "/confirmar-email?t=…"
    expect((await page.request.post(`/api/cliente${rosaLink}`)).status()).toBe(200);
    await page.reload();
    await expect.poll(() => card.getByRole('button', { name: 'Aprovar' }).isEnabled()).toBe(true);
    expect(await card.getByText('E-mail por confirmar').count()).toBe(0);
    // Approve and price in one step: no price, no approval.
    await card.getByRole('button', { name: 'Aprovar' }).click();
    await expect.poll(() => page.getByText('Insira um valor válido de créditos.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await card.getByLabel('Créditos', { exact: true }).fill('9');
    await shot(page, 'admin-projetos-espera-1280');
    await card.getByRole('button', { name: 'Aprovar' }).click();
    await expect.poll(() => page.getByText('Projeto aprovado. Já está visível para os profissionais.').isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: 'Aplicar créditos' }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    await expect
      .poll(async () => (await page.request.get('/api/requests/disponiveis?q=' + stamp, { headers: joao.headers })).json().then((r) => r.items[0]?.creditos))
      .toBe(9);
    // Re-priced while open: 0 is refused, 12 applied.
    await card.getByLabel('Créditos', { exact: true }).fill('0');
    await card.getByRole('button', { name: 'Aplicar créditos' }).click();
    await expect.poll(() => page.getByText('Insira um valor válido de créditos.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await card.getByLabel('Créditos', { exact: true }).fill('12');
    await card.getByRole('button', { name: 'Aplicar créditos' }).click();
    await expect
      .poll(async () => (await page.request.get('/api/requests/disponiveis?q=' + stamp, { headers: joao.headers })).json().then((r) => r.items[0]?.creditos))
      .toBe(12);
    await shot(page, 'admin-projetos-1280');

    // 2. Approve Carla's pending review, reject the spam.
    await page.goto('/listagem-reviews');
    const good = page.getByRole('article').filter({ hasText: 'chegou mais tarde' });
    await good.getByRole('button', { name: 'Aprovar' }).click();
    await expect.poll(() => good.getByText('Aprovado', { exact: true }).first().isVisible()).toBe(true);
    const spam = page.getByRole('article').filter({ hasText: `Spam publicitário ${stamp}` });
    await spam.getByRole('button', { name: 'Reprovar' }).click();
    await expect.poll(() => spam.getByText('Reprovado', { exact: true }).first().isVisible()).toBe(true);
    expect(await spam.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    const publicReviews = await (await page.request.get(`/api/review/profissional/${joao.id}?pageSize=50`)).json();
    expect(publicReviews.items.some((r: { comentario: string }) => r.comentario.includes('chegou mais tarde'))).toBe(true);
    expect(publicReviews.items.some((r: { comentario: string }) => r.comentario.includes('Spam'))).toBe(false);

    // 3. Open the professional's documents and verify.
    await page.goto('/listagem-profissionais');
    await page.getByLabel('Pesquisar por nome').fill(`Vera Verificar ${stamp}`);
    await page.getByRole('button', { name: `Ver Documentos de Vera Verificar ${stamp}` }).click();
    const docs = page.getByRole('dialog');
    await expect.poll(() => docs.getByRole('img').count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'admin-documentos-1280');
    await docs.getByRole('button', { name: 'Marcar como verificado' }).click();
    await page.getByRole('button', { name: 'Sim, verificar' }).click();
    await expect
      .poll(async () => (await page.request.get(`/api/profissional/${pro.id}`, { headers: ana.headers })).json().then((p) => p.verificado))
      .toBe(true);
    const admin = await apiLogin(page.request, DEMO.admin, 'admin');
    expect((await page.request.get(`/api/admin/profissionais/${pro.id}/documentos/frente`, { headers: admin.headers })).status()).toBe(404);
    const audit = await (await page.request.get('/api/admin/audit?pageSize=50', { headers: admin.headers })).json();
    const acoes = audit.items.map((a: { acao: string }) => a.acao);
    for (const a of ['PROJETO_APROVADO', 'PROJETO_CREDITOS', 'REVIEW_APROVADA', 'REVIEW_REPROVADA', 'DOCUMENTO_VISTO', 'PROFISSIONAL_VERIFICADO'])
      expect(acoes).toContain(a);

    // 4. The figures change: a pending Multibanco purchase counts in Valor Total; a new project in Projetos.
    const { pagamentoId } = await (await page.request.post('/api/stripe/checkout', { headers: pAuth, data: { pacote: 'Elite', metodo: 'multibanco' } })).json();
    expect(pagamentoId).toBeGreaterThan(0);
    await page.request.post('/api/requests/create', {
      headers: cAuth,
      data: { titulo: 'Outro', descricao: 'x', cidade: 'Porto', bairro: 'Porto', especialidade: 'desentupimentos', contato: '912', tempo: 'NORMAL' },
    });
    await page.goto('/dashboard');
    await expect.poll(() => total.locator('.stat-value').innerText()).not.toBe(totalBefore);
    expect(await page.getByRole('article', { name: 'Projetos' }).locator('.stat-value').innerText()).not.toBe(projetosBefore);
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    await page.goto('/detalhes-valor');
    await expect.poll(() => page.getByText(`Vera Verificar ${stamp}`).first().isVisible()).toBe(true);
    await shot(page, 'admin-detalhes-valor-1280');

    // 5. A logged-in admin adds another admin from the back office (public sign-up is closed).
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Novo administrador' }).first().click();
    await page.waitForURL('**/cadastro', { waitUntil: 'commit' });
    const novo = `admin.${stamp}@tecnicocerto.pt`;
    await page.getByLabel('Nome').fill('Tiago Moderador');
    await page.getByLabel('E-mail').fill(novo);
    await page.getByLabel('Senha', { exact: true }).fill('Modera#2026');
    await page.getByLabel('Confirmar senha').fill('Modera#2026');
    await page.getByRole('button', { name: 'Registar' }).click();
    await expect.poll(() => page.getByText('Cadastro realizado com sucesso.').first().isVisible()).toBe(true);
    expect((await page.request.post('/api/auth/login', { data: { email: novo, senha: 'Modera#2026', tipo: 'admin' } })).status()).toBe(200);
    await context.close();
  });
});
