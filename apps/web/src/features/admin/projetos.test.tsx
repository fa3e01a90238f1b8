import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, dialogButton } from '../../test/render';
import { json, mockApi, paged, type Handler } from '../../test/server';
import { loginAdmin } from './test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const project = (over: Record<string, unknown>) => ({
  id: 1,
  titulo: 'Projeto',
  descricao: 'Descrição do projeto.',
  especialidade: 'substituicao-quadros-eletricos',
  especialidadeLabel: 'Substituição de quadros elétricos',
  status: 'ESPERA',
  creditos: null,
  candidaturas: 0,
  cidade: 'Lisboa',
  bairro: 'Lisboa',
  tempo: 'NORMAL',
  criadoEm: '2026-03-02T10:00:00.000Z',
  cliente: { nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt' },
  ...over,
});

const LIST = [
  project({ id: 10, titulo: 'Em espera', status: 'ESPERA' }),
  project({ id: 11, titulo: 'Aberto ao público', status: 'ABERTO', creditos: 8, candidaturas: 2 }),
  project({ id: 12, titulo: 'Já feito', status: 'CONCLUIDO', creditos: 12, candidaturas: 5 }),
];
const card = (title: string) => screen.getByRole('article', { name: title });

function stubProjects(extra: Record<string, Handler> = {}) {
  mockApi.routes({ 'GET /api/requests/all': () => json(paged(LIST)), ...extra });
}

describe('Projetos (admin)', () => {
  it('shows Aprovar only on ESPERA cards and Aplicar créditos only on ABERTO cards', async () => {
    loginAdmin();
    stubProjects();
    renderAt('/listagem-projetos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projetos' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Em espera' });

    // Statuses by their labels, never the stored code (issue 12).
    expect(within(card('Em espera')).getByText('Em análise')).toBeInTheDocument();
    expect(within(card('Em espera')).queryByText('ESPERA')).not.toBeInTheDocument();
    expect(within(card('Em espera')).getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(within(card('Em espera')).queryByRole('button', { name: 'Aplicar créditos' })).not.toBeInTheDocument();
    // Approve and price in one step: the ESPERA card has its own credits field.
    expect(within(card('Em espera')).getByRole('spinbutton', { name: 'Créditos' })).toHaveValue(null);

    expect(within(card('Aberto ao público')).getByRole('button', { name: 'Aplicar créditos' })).toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByRole('spinbutton', { name: 'Créditos' })).toHaveAttribute('min', '0');
    expect(within(card('Aberto ao público')).queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByText('2/5 candidaturas')).toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByText('8 créditos aplicados')).toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByText('Ana Sousa')).toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByText('Substituição de quadros elétricos')).toBeInTheDocument();

    expect(within(card('Já feito')).queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
    expect(within(card('Já feito')).queryByRole('button', { name: 'Aplicar créditos' })).not.toBeInTheDocument();
    expect(within(card('Já feito')).getByText('5/5 candidaturas')).toBeInTheDocument();

    expect(screen.getAllByRole('button', { name: 'Aprovar' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Aplicar créditos' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Eliminar projeto/ })).toHaveLength(3);
    expect(mockApi.calls('GET', '/api/requests/all')[0]!.query.get('pageSize')).toBe('10');
  });

  it('refuses 0 credits with the spec warning and sends nothing', async () => {
    loginAdmin();
    stubProjects({ 'PUT /api/requests/atualiza-creditos/11': () => json({ creditos: 0, status: 'ABERTO' }) });
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Aberto ao público' });
    const input = within(card('Aberto ao público')).getByRole('spinbutton', { name: 'Créditos' });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(card('Aberto ao público')).getByRole('button', { name: 'Aplicar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atenção' });
    expect(within(dialog).getByText('Insira um valor válido de créditos.')).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'OK'));

    // Empty is refused the same way.
    await user.clear(input);
    await user.click(within(card('Aberto ao público')).getByRole('button', { name: 'Aplicar créditos' }));
    expect(await screen.findByText('Insira um valor válido de créditos.')).toBeInTheDocument();
    expect(mockApi.calls('PUT', '/api/requests/atualiza-creditos/11')).toHaveLength(0);
  });

  it('applies credits and shows the values the server answered', async () => {
    loginAdmin();
    stubProjects({ 'PUT /api/requests/atualiza-creditos/11': () => json({ creditos: 15, status: 'ABERTO' }) });
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Aberto ao público' });
    const input = within(card('Aberto ao público')).getByRole('spinbutton', { name: 'Créditos' });
    await user.clear(input);
    await user.type(input, '15');
    await user.click(within(card('Aberto ao público')).getByRole('button', { name: 'Aplicar créditos' }));
    await waitFor(() => expect(within(card('Aberto ao público')).getByText('15 créditos aplicados')).toBeInTheDocument());
    const calls = mockApi.calls('PUT', '/api/requests/atualiza-creditos/11');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ creditos: 15 });
  });

  it('approves a waiting project and prices it in one step: visible at once', async () => {
    loginAdmin();
    stubProjects({ 'PATCH /api/requests/10/aprovar': () => json({ id: 10, status: 'ABERTO', creditos: 6, visivel: true }) });
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    const espera = await screen.findByRole('article', { name: 'Em espera' });
    await user.type(within(espera).getByRole('spinbutton', { name: 'Créditos' }), '6');
    await user.dblClick(within(espera).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(within(card('Em espera')).getByRole('button', { name: 'Aplicar créditos' })).toBeInTheDocument());
    expect(within(card('Em espera')).getByText('Aberto')).toBeInTheDocument();
    expect(within(card('Em espera')).getByText('6 créditos aplicados')).toBeInTheDocument();
    expect(await screen.findByText('Projeto aprovado. Já está visível para os profissionais.')).toBeInTheDocument();
    const calls = mockApi.calls('PATCH', '/api/requests/10/aprovar');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ creditos: 6 });
  });

  it('cannot approve without a price: the spec warning, nothing sent', async () => {
    loginAdmin();
    stubProjects();
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    const espera = await screen.findByRole('article', { name: 'Em espera' });
    await user.click(within(espera).getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atenção' });
    expect(within(dialog).getByText('Insira um valor válido de créditos.')).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'OK'));
    await user.type(within(espera).getByRole('spinbutton', { name: 'Créditos' }), '0');
    await user.click(within(espera).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByRole('dialog', { name: 'Atenção' })).toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/requests/10/aprovar')).toHaveLength(0);
  });

  it('says truthfully when an approved project stays hidden (no price in the answer)', async () => {
    loginAdmin();
    stubProjects({ 'PATCH /api/requests/10/aprovar': () => json({ id: 10, status: 'ABERTO', creditos: null, visivel: false }) });
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    const espera = await screen.findByRole('article', { name: 'Em espera' });
    await user.type(within(espera).getByRole('spinbutton', { name: 'Créditos' }), '4');
    await user.click(within(espera).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Projeto aprovado, mas continua invisível para os profissionais até ter créditos.')).toBeInTheDocument();
    expect(within(card('Em espera')).getByText('Sem créditos: invisível para os profissionais')).toBeInTheDocument();
  });

  it('a client whose e-mail is unconfirmed: "E-mail por confirmar", approval disabled with the reason', async () => {
    loginAdmin();
    mockApi.routes({
      'GET /api/requests/all': () =>
        json(paged([project({ id: 20, titulo: 'Sem confirmação', cliente: { nome: 'Rui', email: 'rui@exemplo.pt', emailConfirmado: false } })])),
    });
    renderAt('/listagem-projetos');
    const espera = await screen.findByRole('article', { name: 'Sem confirmação' });
    expect(within(espera).getByText('E-mail por confirmar')).toBeInTheDocument();
    expect(within(espera).getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    expect(within(espera).getByRole('spinbutton', { name: 'Créditos' })).toBeDisabled();
    expect(within(espera).getByText('O cliente ainda não confirmou o e-mail: o projeto só pode ser aprovado depois dessa confirmação.')).toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/requests/20/aprovar')).toHaveLength(0);
  });

  it('asks before deleting, with the spec texts, and says how many were refunded', async () => {
    loginAdmin();
    stubProjects({
      'DELETE /api/requests/delete/11': () =>
        json({
          id: 11,
          reembolsos: [
            { profissionalId: 3, creditos: 8 },
            { profissionalId: 4, creditos: 8 },
          ],
        }),
    });
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Aberto ao público' });
    await user.click(within(card('Aberto ao público')).getByRole('button', { name: /^Eliminar projeto/ }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita!');
    expect(dialog).toHaveTextContent('reembolsados automaticamente');
    expect(within(dialog).getByRole('button', { name: 'Sim, excluir' })).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'Cancelar'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mockApi.calls('DELETE', '/api/requests/delete/11')).toHaveLength(0);
    // Focus is back on the button that opened the dialog (issue 12), after Cancelar and after Esc.
    const opener = within(card('Aberto ao público')).getByRole('button', { name: /^Eliminar projeto/ });
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(within(card('Já feito')).getByRole('button', { name: /^Eliminar projeto/ }));
    await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(card('Já feito')).getByRole('button', { name: /^Eliminar projeto/ })).toHaveFocus());

    await user.click(within(card('Aberto ao público')).getByRole('button', { name: /^Eliminar projeto/ }));
    dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    await user.click(await dialogButton(dialog, 'Sim, excluir'));
    expect(await screen.findByText('2 profissionais reembolsados (16 créditos no total).')).toBeInTheDocument();
    expect(mockApi.calls('DELETE', '/api/requests/delete/11')).toHaveLength(1);
  });

  it('filters by status on the server and shows the spec error when the list fails', async () => {
    loginAdmin();
    let fail = false;
    mockApi.routes({ 'GET /api/requests/all': () => (fail ? json({ code: 'X', message: 'x' }, 400) : json(paged(LIST))) });
    renderAt('/listagem-projetos');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Em espera' });
    expect(
      within(screen.getByRole('combobox', { name: 'Estado' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Em análise', 'Aberto', 'Concluído']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Em análise');
    await waitFor(() => expect(mockApi.calls().some((c) => c.query.get('status') === 'ESPERA')).toBe(true));

    fail = true;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'ABERTO');
    expect(await screen.findByText('Erro ao buscar projetos.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});
