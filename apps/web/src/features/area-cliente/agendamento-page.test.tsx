import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { CLIENTE_ID, loginCliente, project } from './test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const account = { id: CLIENTE_ID, fotoUrl: null, nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt', telefone: '+351912345678', bio: null };

describe('Postagem do Projeto', () => {
  it('prefills the title, preselects the matching speciality and the account phone', async () => {
    loginCliente();
    localStorage.setItem('tituloProjeto', 'DESENTUPIMENTOS');
    mockApi.routes({ 'GET /api/cliente/account/ana.sousa%40exemplo.pt': () => json(account) });
    renderAt('/agendamento');
    expect(await screen.findByRole('heading', { level: 1, name: 'Postagem do Projeto' })).toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toHaveValue('DESENTUPIMENTOS');
    expect(screen.getByLabelText('Especialidade')).toHaveValue('desentupimentos');
    await waitFor(() => expect(screen.getByLabelText('Contacto')).toHaveValue('+351912345678'));
    expect(screen.getByLabelText('Cidade')).toBeDisabled();
  });

  it('prefers the stored speciality over the title', async () => {
    loginCliente({ email: null });
    localStorage.setItem('tituloProjeto', 'Preciso de ajuda');
    localStorage.setItem('especialidadeProjeto', 'camaras-cctv');
    renderAt('/agendamento');
    expect(await screen.findByLabelText('Especialidade')).toHaveValue('camaras-cctv');
  });

  it('shows "Campo obrigatório" under every empty field and sends nothing', async () => {
    loginCliente({ email: null });
    renderAt('/agendamento');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publicar projeto' }));
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório')).toHaveLength(7));
    expect(screen.getByLabelText('Título')).toHaveAttribute('aria-invalid', 'true');
    expect(mockApi.calls('POST', '/api/requests/create')).toHaveLength(0);
  });

  it('publishes the right JSON, clears the stored title and opens the projects list', async () => {
    loginCliente({ email: null });
    localStorage.setItem('tituloProjeto', 'Tomada queimada');
    mockApi.routes({
      'POST /api/requests/create': () => json(project({ id: 11 }), 201),
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=1`]: () =>
        json({ items: [project({ id: 11, titulo: 'Tomada queimada' })], page: 1, pageSize: 20, hasMore: false }),
    });
    const { router } = renderAt('/agendamento');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Descrição'), 'A tomada da cozinha deita faíscas.');
    await user.selectOptions(screen.getByLabelText('Distrito'), 'Porto');
    const cidade = screen.getByLabelText('Cidade');
    expect(cidade).toBeEnabled();
    expect(within(cidade).getByRole('option', { name: 'Vila Nova de Gaia' })).toBeInTheDocument();
    await user.selectOptions(cidade, 'Vila Nova de Gaia');
    await user.selectOptions(screen.getByLabelText('Especialidade'), 'tomadas-danificadas');
    await user.type(screen.getByLabelText('Contacto'), '912 345 678');
    await user.selectOptions(screen.getByLabelText('Tempo estimado'), 'URGENTE');
    await user.dblClick(screen.getByRole('button', { name: 'Publicar projeto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projetos/${CLIENTE_ID}`));
    const posts = mockApi.calls('POST', '/api/requests/create');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      titulo: 'Tomada queimada',
      descricao: 'A tomada da cozinha deita faíscas.',
      bairro: 'Porto',
      cidade: 'Vila Nova de Gaia',
      especialidade: 'tomadas-danificadas',
      contato: '912 345 678',
      tempo: 'URGENTE',
    });
    expect(posts[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(localStorage.getItem('tituloProjeto')).toBeNull();
    expect(await screen.findByText('Projeto publicado com sucesso!')).toBeInTheDocument();
  });

  it('keeps the form and shows the spec message when publishing fails', async () => {
    loginCliente({ email: null });
    localStorage.setItem('tituloProjeto', 'Autoclismos');
    mockApi.routes({ 'POST /api/requests/create': () => json({ code: 'INTERNAL', message: 'x' }, 500) });
    const { router } = renderAt('/agendamento');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Descrição'), 'Autoclismo sempre a correr.');
    await user.selectOptions(screen.getByLabelText('Distrito'), 'Faro');
    await user.selectOptions(screen.getByLabelText('Cidade'), 'Loulé');
    await user.type(screen.getByLabelText('Contacto'), '912345678');
    await user.selectOptions(screen.getByLabelText('Tempo estimado'), 'NORMAL');
    await user.click(screen.getByRole('button', { name: 'Publicar projeto' }));
    expect(await screen.findByText('Erro ao publicar o projeto. Tente novamente.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/agendamento');
    expect(screen.getByLabelText('Descrição')).toHaveValue('Autoclismo sempre a correr.');
    expect(screen.getByLabelText('Especialidade')).toHaveValue('autoclismos');
  });
});
