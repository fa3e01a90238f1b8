import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogButton, renderAt } from '../../test/render';
import { json, mockApi, paged } from '../../test/server';
import { loginAdmin } from './test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const review = (over: Record<string, unknown>) => ({
  id: 1,
  nota: 4,
  comentario: 'Comentário',
  status: 'ESPERA',
  criadoEm: '2026-03-02T10:00:00.000Z',
  cliente: { nome: 'Ana Sousa' },
  profissional: { nome: 'João Ferreira' },
  profissionalId: 7,
  ...over,
});
const LIST = [
  review({ id: 1, comentario: 'Chegou tarde.', status: 'ESPERA', nota: 3, cliente: { nome: 'Carla Mendes' } }),
  review({ id: 2, comentario: 'Não apareceu.', status: 'NEGADO', nota: 1, cliente: { nome: 'Bruno Carvalho' } }),
  review({ id: 3, comentario: 'Excelente.', status: 'APROVADO', nota: 5 }),
];
const card = (cliente: string) => screen.getByRole('article', { name: new RegExp(`^Review de ${cliente}`) });

describe('Reviews (admin)', () => {
  it('shows NEGADO as Reprovado, ESPERA as Pendente, APROVADO as Aprovado (labels, never codes), and moderation buttons only when pending', async () => {
    loginAdmin();
    mockApi.routes({ 'GET /api/review/all': () => json(paged(LIST)) });
    renderAt('/listagem-reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    await screen.findByText('Não apareceu.');

    expect(within(card('Bruno Carvalho')).getByText('Reprovado')).toBeInTheDocument();
    expect(within(card('Bruno Carvalho')).queryByText('NEGADO')).not.toBeInTheDocument();
    expect(within(card('Bruno Carvalho')).queryByRole('button', { name: /Aprovar|Reprovar/ })).not.toBeInTheDocument();
    expect(within(card('Bruno Carvalho')).getByText('★☆☆☆☆')).toBeInTheDocument();

    expect(within(card('Carla Mendes')).getByText('Pendente')).toBeInTheDocument();
    expect(within(card('Carla Mendes')).getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(within(card('Carla Mendes')).getByRole('button', { name: 'Reprovar' })).toBeInTheDocument();
    expect(within(card('Carla Mendes')).getByText('João Ferreira')).toBeInTheDocument();

    expect(within(card('Ana Sousa')).getByText('Aprovado')).toBeInTheDocument();
    expect(screen.queryByText(/^(ESPERA|APROVADO|NEGADO|REPROVADO)$/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Aprovar' })).toHaveLength(1);
  });

  it('filter Reprovado asks the server for NEGADO', async () => {
    loginAdmin();
    mockApi.routes({ 'GET /api/review/all': () => json(paged(LIST)) });
    renderAt('/listagem-reviews');
    const user = userEvent.setup();
    await screen.findByText('Não apareceu.');
    const select = screen.getByRole('combobox', { name: 'Estado' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', 'Pendente', 'Aprovado', 'Reprovado']);
    await user.selectOptions(select, 'Reprovado');
    await waitFor(() => expect(mockApi.calls().at(-1)!.query.get('status')).toBe('NEGADO'));
  });

  it('searches by comment or client name on the server (debounced)', async () => {
    loginAdmin();
    mockApi.routes({ 'GET /api/review/all': () => json(paged(LIST)) });
    renderAt('/listagem-reviews');
    const user = userEvent.setup();
    await screen.findByText('Não apareceu.');
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar reviews' }), 'carla');
    await waitFor(() => expect(mockApi.calls().at(-1)!.query.get('q')).toBe('carla'));
    expect(mockApi.calls().filter((c) => c.query.has('q'))).toHaveLength(1);
  });

  it('approves and rejects pending reviews, and reports failures with the spec texts', async () => {
    loginAdmin();
    mockApi.routes({
      'GET /api/review/all': () => json(paged(LIST)),
      'PUT /api/review/accept/1': () => json({ id: 1, status: 'APROVADO', notaMedia: 4.2 }),
      'PUT /api/review/deny/1': () => json({ code: 'INVALID_STATUS', message: 'Só uma review pendente pode ser aprovada ou reprovada.' }, 409),
    });
    renderAt('/listagem-reviews');
    const user = userEvent.setup();
    await screen.findByText('Chegou tarde.');
    await user.click(within(card('Carla Mendes')).getByRole('button', { name: 'Reprovar' }));
    expect(await screen.findByText('Erro ao reprovar review.')).toBeInTheDocument();
    expect(mockApi.calls('PUT', '/api/review/deny/1')).toHaveLength(1);

    await user.click(within(card('Carla Mendes')).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(within(card('Carla Mendes')).getByText('Aprovado')).toBeInTheDocument());
    expect(within(card('Carla Mendes')).queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });

  it('deletes after the spec confirmation', async () => {
    loginAdmin();
    mockApi.routes({ 'GET /api/review/all': () => json(paged(LIST)), 'DELETE /api/review/delete/3': () => json({ id: 3 }) });
    renderAt('/listagem-reviews');
    const user = userEvent.setup();
    await screen.findByText('Excelente.');
    await user.click(within(card('Ana Sousa')).getByRole('button', { name: /^Eliminar review/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tem certeza?' });
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita!');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'Sim, excluir'));
    await waitFor(() => expect(mockApi.calls('DELETE', '/api/review/delete/3')).toHaveLength(1));
    expect(await screen.findByText('Review eliminada.')).toBeInTheDocument();
  });
});
