import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO, newPage, shot } from '../support/browser';
import { apiLogin, confirmationLink, PNG } from '../support/api';

afterAll(closeBrowser);

async function login(page: Page, path: string, email: string, senha: string, landing: string) {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`**${landing}`);
}

/** "2026-11-20T14:30" in Lisbon time (the browser's zone), as a datetime-local input takes it. */
function lisbonInput(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Lisbon',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describe('the 14-day guarantee (decision 0014)', () => {
  it('client concludes → opens a claim with photos → the professional accepts with a date → an admin closes it', async () => {
    const stamp = Date.now();
    const email = `garantia.${stamp}@exemplo.pt`;
    const senha = 'Casa#Segura2026';
    const titulo = `Tomadas da cozinha ${stamp}`;
    const { page: setup, context: setupContext } = await newPage();

    // A new client with a project the demo professional (João) applied to, through the API.
    const reg = await setup.request.post('/api/cliente/register', { data: { nome: 'Inês Garantia', email, senha, aceitaTermos: true } });
    expect(reg.status()).toBe(201);
    expect((await setup.request.post(`/api/cliente${await confirmationLink(setup.request, email)}`)).status()).toBe(200);
    const cliente = await apiLogin(setup.request, email, 'cliente', senha);
    const created = await setup.request.post('/api/requests/create', {
      headers: cliente.headers,
      data: {
        titulo,
        descricao: 'Duas tomadas novas junto à bancada.',
        cidade: 'Lisboa',
        bairro: 'Lisboa',
        especialidade: 'tomadas-interruptores',
        contato: '912000222',
        tempo: 'NORMAL',
      },
    });
    const requestId = (await created.json()).id as number;
    const admin = await apiLogin(setup.request, DEMO.admin, 'admin');
    expect((await setup.request.patch(`/api/requests/${requestId}/aprovar`, { headers: admin.headers, data: { creditos: 5 } })).status()).toBe(200);
    const joao = await apiLogin(setup.request, DEMO.profissional, 'profissional');
    expect((await setup.request.post('/api/creditos/usar', { headers: joao.headers, data: { requestId } })).status()).toBe(201);
    await setupContext.close();

    // 1. The client marks it concluded (João did it) and opens a claim with two photos.
    const { page, context } = await newPage();
    await login(page, '/areadocliente/login', email, senha, '/areadocliente/menu');
    await page.goto(`/projetos/${cliente.id}`);
    const card = page.getByRole('article').filter({ hasText: titulo });
    await card.getByRole('button', { name: 'Marcar como concluído' }).click();
    const complete = page.getByRole('dialog', { name: 'Marcar como concluído?' });
    await complete.getByRole('radio', { name: /João Ferreira/ }).check();
    await complete.getByRole('button', { name: 'Sim, concluir' }).click();
    const acionar = card.getByRole('button', { name: /Acionar garantia/ });
    await expect.poll(() => acionar.isVisible()).toBe(true);
    expect(await card.getByText(/Garantia técnica até \d{2}\/\d{2}\/\d{4}/).isVisible()).toBe(true);
    await acionar.click();
    const dialog = page.getByRole('dialog', { name: 'Acionar garantia' });
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect.poll(() => dialog.getByText('Descreva o problema.').isVisible()).toBe(true);
    await dialog.getByLabel('O que está mal?').fill('A tomada da esquerda aquece e cheira a queimado quando ligo a chaleira.');
    await dialog.getByLabel(/Fotografias \(opcional/).setInputFiles([
      { name: 'tomada.png', mimeType: 'image/png', buffer: PNG },
      { name: 'quadro.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect.poll(() => dialog.getByRole('img', { name: /Fotografia 2: quadro\.png/ }).isVisible()).toBe(true);
    await shot(page, 'garantia-dialogo-1280');
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect.poll(() => page.getByText('Pedido de garantia enviado.').first().isVisible()).toBe(true);
    const claim = card.getByRole('region', { name: 'Pedido de garantia' });
    await expect.poll(() => claim.getByText('À espera do profissional').isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: /Acionar garantia/ }).count()).toBe(0);
    await shot(page, 'garantia-projeto-aberta-1280');

    // 2. João sees it on his dashboard, with the photos, and accepts with a visit date.
    const { page: pro, context: proContext } = await newPage();
    await login(pro, '/areadoprofissional/login', DEMO.profissional, DEMO.password, '/areadoprofissional/menu');
    const section = pro.getByRole('region', { name: /Garantias/ });
    const item = section.getByRole('article', { name: titulo });
    await expect.poll(() => item.isVisible()).toBe(true);
    await expect.poll(() => item.getByRole('img', { name: `Fotografia 2 do problema: ${titulo}` }).isVisible()).toBe(true);
    await item.scrollIntoViewIfNeeded();
    await shot(pro, 'garantias-profissional-1280');
    await item.getByRole('button', { name: /Aceitar e marcar visita/ }).click();
    const accept = pro.getByRole('dialog', { name: 'Aceitar e marcar visita' });
    const visit = new Date(Date.now() + 2 * 24 * 3600_000);
    await accept.getByLabel('Data e hora da visita').fill(lisbonInput(visit));
    await accept.getByLabel('Mensagem para o cliente (opcional)').fill('Passo aí para trocar a tomada, sem custos.');
    await accept.getByRole('button', { name: 'Aceitar e avisar o cliente' }).click();
    await expect.poll(() => item.getByText('Aceite: visita marcada').isVisible()).toBe(true);
    expect(await item.getByRole('button', { name: /Aceitar e marcar visita/ }).count()).toBe(0);
    await proContext.close();

    // The client sees the visit.
    await page.reload();
    await expect.poll(() => claim.getByText('Aceite pelo profissional').isVisible()).toBe(true);
    expect(await claim.getByText('Passo aí para trocar a tomada, sem custos.').isVisible()).toBe(true);

    // 3. An admin closes it with the resolution from "Garantias" in the sidebar.
    const { page: adm, context: admContext } = await newPage();
    await login(adm, '/login', DEMO.admin, DEMO.password, '/dashboard');
    await adm.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Garantias' }).click();
    await adm.waitForURL('**/listagem-garantias');
    const row = adm.getByRole('article', { name: titulo });
    await expect.poll(() => row.isVisible()).toBe(true);
    await shot(adm, 'garantias-admin-1280');
    await row.getByRole('button', { name: /Encerrar/ }).click();
    const close = adm.getByRole('dialog', { name: 'Encerrar pedido de garantia' });
    await close.getByLabel('Resolução').fill('Tomada substituída na visita; a cliente confirmou que ficou resolvido.');
    await close.getByRole('button', { name: 'Encerrar pedido' }).click();
    await expect.poll(() => row.getByText('Encerrada').isVisible()).toBe(true);
    expect(await row.getByText(/Tomada substituída na visita/).isVisible()).toBe(true);
    await admContext.close();

    // The client reads the resolution on the project.
    await page.reload();
    await expect.poll(() => claim.getByText('Encerrada').isVisible()).toBe(true);
    expect(await claim.getByText(/Tomada substituída na visita/).isVisible()).toBe(true);
    await context.close();
  });
});
