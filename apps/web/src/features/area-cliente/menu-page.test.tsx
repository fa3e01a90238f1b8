import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { CLIENTE_ID, loginCliente, project, stubCarouselApis } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('Área do Cliente (menu)', () => {
  it('greets the client, links the four areas and says when there are no projects', async () => {
    loginCliente();
    mockApi.routes({
      'GET /api/cliente/account/ana.sousa%40exemplo.pt': () =>
        json({ id: CLIENTE_ID, fotoUrl: null, nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt', telefone: null }),
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=1`]: () => json({ items: [], page: 1, pageSize: 20, hasMore: false }),
    });
    renderAt('/areadocliente/menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Área do Cliente' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhum projeto encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Historico de Projetos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Todos' })).toHaveAttribute('href', `/projetos/${CLIENTE_ID}`);
    expect(screen.getByRole('link', { name: /Publicar projeto/ })).toHaveAttribute('href', '/agendamento');
    expect(screen.getByRole('link', { name: /Encontrar profissionais/ })).toHaveAttribute('href', '/profissionais');
    expect(screen.getByRole('link', { name: /Avaliar profissionais/ })).toHaveAttribute('href', '/avaliar');
    expect(screen.getByRole('link', { name: /Minha conta/ })).toHaveAttribute('href', '/conta');
    expect(await screen.findByText(/Olá, Ana!/)).toBeInTheDocument();
  });

  it('shows the projects with their status in the carousel', async () => {
    loginCliente({ email: null });
    stubCarouselApis();
    mockApi.routes({
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=1`]: () =>
        json({
          items: [project({ id: 1, titulo: 'Quadro novo', status: 'ABERTO' }), project({ id: 2, titulo: 'Câmaras no jardim', status: 'CONCLUIDO' })],
          page: 1,
          pageSize: 20,
          hasMore: false,
        }),
    });
    renderAt('/areadocliente/menu');
    expect(await screen.findByRole('heading', { name: 'Quadro novo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Câmaras no jardim' })).toBeInTheDocument();
    expect(screen.getByText('Aberto')).toBeInTheDocument();
    expect(screen.getByText('Concluído')).toBeInTheDocument();
    expect(screen.queryByText('Nenhum projeto encontrado.')).not.toBeInTheDocument();
  });

  it('offers a retry when the projects cannot be loaded', async () => {
    loginCliente({ email: null });
    mockApi.routes({
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=1`]: () => json({ code: 'FORBIDDEN', message: 'Não tem permissão para esta ação.' }, 403),
    });
    renderAt('/areadocliente/menu');
    expect(await screen.findByText('Não foi possível carregar os seus projetos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
