import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { json, mockApi, paged } from '../../test/server';
import { loginAdmin } from './test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

/** Signed in as the admin, with a client list that always has another page (as on the million). */
function endlessClients() {
  loginAdmin();
  const cliente = { id: 3, nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt', telefone: null, fotoUrl: null, criadoEm: '2026-03-02T10:00:00.000Z', projetos: 1 };
  mockApi.routes({ 'GET /api/cliente/see-all': (req) => json(paged([cliente], Number(req.query.get('page')), true)) });
}

describe('Clientes (admin)', () => {
  it('lists name, e-mail, phone, registration date and projects, and searches by name on the server', async () => {
    loginAdmin();
    mockApi.routes({
      'GET /api/cliente/see-all': (req) =>
        json(
          paged(
            req.query.get('q') === 'carla'
              ? []
              : [
                  {
                    id: 3,
                    nome: 'Ana Sousa',
                    email: 'ana.sousa@exemplo.pt',
                    telefone: '+351912345678',
                    fotoUrl: null,
                    criadoEm: '2026-03-02T10:00:00.000Z',
                    projetos: 4,
                  },
                ],
          ),
        ),
    });
    renderAt('/listagem-clientes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    const row = (await screen.findByText('Ana Sousa')).closest('tr')!;
    expect(row).toHaveTextContent('ana.sousa@exemplo.pt');
    expect(row).toHaveTextContent('+351912345678');
    expect(row).toHaveTextContent('02/03/2026'); // four-digit year (issue 9)
    expect(row).toHaveTextContent('4');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Pesquisar por nome' }), 'carla');
    expect(await screen.findByText('Nenhum cliente encontrado com esse nome.')).toBeInTheDocument();
    await waitFor(() => expect(mockApi.calls().at(-1)!.query.get('q')).toBe('carla'));
  });

  it('stops at the last page the API serves: a later page in the address shows that one, and Próxima is off there with why', async () => {
    endlessClients();
    // Page 501 used to be asked for (the API refuses it) and the list showed only an error.
    renderAt('/listagem-clientes?page=501');
    expect(await screen.findByText('Ana Sousa')).toBeInTheDocument();
    expect(mockApi.calls().at(-1)!.query.get('page')).toBe('500');
    const pager = screen.getByRole('navigation', { name: 'Paginação dos clientes' });
    expect(pager).toHaveTextContent('Página 500');
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
    expect(pager).toHaveTextContent('Só é possível ver até à página 500; refine a pesquisa.');
  });

  it('pages on below the last page, with no note until the last', async () => {
    endlessClients();
    renderAt('/listagem-clientes?page=499');
    expect(await screen.findByText('Ana Sousa')).toBeInTheDocument();
    expect(screen.queryByText(/Só é possível ver até à página/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(mockApi.calls().at(-1)!.query.get('page')).toBe('500'));
    expect(await screen.findByText('Só é possível ver até à página 500; refine a pesquisa.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
  });

  it('says whose e-mail is confirmed', async () => {
    loginAdmin();
    mockApi.routes({
      'GET /api/cliente/see-all': () =>
        json(
          paged([
            {
              id: 3,
              nome: 'Ana Sousa',
              email: 'ana.sousa@exemplo.pt',
              telefone: null,
              fotoUrl: null,
              criadoEm: '2026-03-02T10:00:00.000Z',
              projetos: 1,
              emailConfirmado: true,
            },
            {
              id: 4,
              nome: 'Rui Pendente',
              email: 'rui@exemplo.pt',
              telefone: null,
              fotoUrl: null,
              criadoEm: '2026-03-03T10:00:00.000Z',
              projetos: 1,
              emailConfirmado: false,
            },
          ]),
        ),
    });
    renderAt('/listagem-clientes');
    expect((await screen.findByText('Ana Sousa')).closest('tr')!).toHaveTextContent('E-mail confirmado');
    expect(screen.getByText('Rui Pendente').closest('tr')!).toHaveTextContent('E-mail por confirmar');
  });
});
