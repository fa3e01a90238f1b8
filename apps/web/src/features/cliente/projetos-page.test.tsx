import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { callsTo, CLIENTE_ID, json, loginCliente, project, stubApi } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const LIST = `GET /api/requests/cliente/${CLIENTE_ID}?page=1`;
const three = () => [
  project({ id: 10, titulo: 'Em espera', status: 'ESPERA' }),
  project({ id: 11, titulo: 'Aberto ao público', status: 'ABERTO', candidaturas: 2, creditos: 10 }),
  project({ id: 12, titulo: 'Já feito', status: 'CONCLUIDO', candidaturas: 1 }),
];
const card = (title: string) => screen.getByRole('article', { name: title });

describe('Os meus projetos', () => {
  it('shows each status with its own action', async () => {
    loginCliente({ email: null });
    stubApi({ [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }) });
    renderAt(`/projetos/${CLIENTE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Os meus projetos' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Em espera' });
    expect(within(card('Em espera')).getByText('Em análise')).toBeInTheDocument();
    expect(within(card('Em espera')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByText('2/5 candidaturas')).toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByRole('button', { name: 'Marcar como concluído' })).toBeInTheDocument();
    expect(within(card('Aberto ao público')).queryByRole('button', { name: 'Avaliar profissional' })).not.toBeInTheDocument();
    expect(within(card('Já feito')).getByRole('button', { name: 'Avaliar profissional' })).toBeInTheDocument();
    expect(within(card('Já feito')).queryByRole('button', { name: 'Marcar como concluído' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Marcar como concluído' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Avaliar profissional' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Voltar à Área do Cliente' })).toHaveAttribute('href', '/areadocliente/menu');
  });

  it('marks an open project as concluded after confirmation and reloads the list', async () => {
    loginCliente({ email: null });
    let concluded = false;
    const spy = stubApi({
      [LIST]: () => json({ items: three().map((p) => (p.id === 11 && concluded ? { ...p, status: 'CONCLUIDO' } : p)), page: 1, pageSize: 20, hasMore: false }),
      'PATCH /api/requests/11/concluir': () => {
        concluded = true;
        return json({ id: 11, status: 'CONCLUIDO' });
      },
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar como concluído' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(callsTo(spy, 'PATCH', '/api/requests/11/concluir')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sim, concluir' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Avaliar profissional' })).toHaveLength(2));
    expect(callsTo(spy, 'PATCH', '/api/requests/11/concluir')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Marcar como concluído' })).not.toBeInTheDocument();
  });

  it('lists the applicants and opens the review of the chosen one', async () => {
    loginCliente({ email: null });
    stubApi({
      [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }),
      'GET /api/requests/12/profissionais': () => json([
        { id: 7, nome: 'João Ferreira', fotoUrl: null, especialidades: ['quadro-eletrico-dispara'], cidade: 'Porto', notaMedia: 4.5, candidatadoEm: '2026-03-03T10:00:00.000Z' },
      ]),
    });
    const { router } = renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avaliar profissional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selecione o profissional contratado' });
    const pick = await within(dialog).findByRole('button', { name: /João Ferreira/ });
    expect(within(dialog).getByText('Quadro elétrico a disparar')).toBeInTheDocument();
    expect(within(dialog).getByText('4,5')).toBeInTheDocument();
    await user.click(pick);
    await waitFor(() => expect(router.state.location.pathname).toBe('/avaliacao/7'));
    expect(router.state.location.search).toBe('?projeto=12');
  });

  it('says when nobody applied', async () => {
    loginCliente({ email: null });
    stubApi({ [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }), 'GET /api/requests/12/profissionais': () => json([]) });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avaliar profissional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selecione o profissional contratado' });
    expect(await within(dialog).findByText('Nenhum profissional se candidatou.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('pages through many projects, 20 at a time', async () => {
    loginCliente({ email: null });
    const spy = stubApi({
      [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: true }),
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=2`]: () => json({ items: [project({ id: 3, titulo: 'Um projeto antigo', status: 'CONCLUIDO' })], page: 2, pageSize: 20, hasMore: false }),
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    await screen.findByRole('article', { name: 'Em espera' });
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('article', { name: 'Um projeto antigo' })).toBeInTheDocument();
    expect(screen.getByText('Página 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
    expect(spy.mock.calls.some(([u]) => String(u).endsWith('?page=2'))).toBe(true);
  });

  it('shows the empty state with a way to publish', async () => {
    loginCliente({ email: null });
    stubApi({ [LIST]: () => json({ items: [], page: 1, pageSize: 20, hasMore: false }) });
    renderAt(`/projetos/${CLIENTE_ID}`);
    expect(await screen.findByText('Nenhum projeto encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Publicar projeto' })).toHaveAttribute('href', '/agendamento');
  });

  it("goes to the client's own list when the address has another id", async () => {
    loginCliente({ email: null });
    const spy = stubApi({ [LIST]: () => json({ items: [], page: 1, pageSize: 20, hasMore: false }) });
    const { router } = renderAt('/projetos/99');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projetos/${CLIENTE_ID}`));
    await screen.findByText('Nenhum projeto encontrado.');
    expect(spy.mock.calls.some(([u]) => String(u).includes('/requests/cliente/99'))).toBe(false);
  });
});
