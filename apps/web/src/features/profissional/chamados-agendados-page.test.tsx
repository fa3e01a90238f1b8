import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { json, loginProfissional, paged, PROF_ID, stubApi, urlsOf } from './test-utils';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const application = (id: number, titulo: string) => ({
  id, criadoEm: '2026-03-02T10:00:00.000Z', creditos: 10,
  request: {
    id: 100 + id, titulo, descricao: 'Descrição do trabalho.', cidade: 'Matosinhos', bairro: 'Porto', especialidade: 'reparacao-fugas-agua',
    status: 'ABERTO', tempo: 'NORMAL', contato: '+351912000111', cliente: { nome: 'Rui Costa', email: 'rui@exemplo.pt' },
  },
});

describe('Chamados agendados', () => {
  it('lists my applications with the client contact, 20 a page', async () => {
    loginProfissional();
    const spy = stubApi({
      [`GET /api/creditos/profissional/${PROF_ID}`]: (_init, url) =>
        url.endsWith('page=2')
          ? json(paged([application(1, 'Um trabalho antigo')], { page: 2, pageSize: 20 }))
          : json(paged([application(2, 'Fuga na cozinha')], { page: 1, pageSize: 20, hasMore: true })),
    });
    renderAt('/areadoprofissional/chamados-agendados');
    const card = (await screen.findByRole('heading', { name: 'Fuga na cozinha' })).closest('article')!;
    expect(within(card).getByText('Rui Costa')).toBeInTheDocument();
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('heading', { name: 'Um trabalho antigo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
    expect(urlsOf(spy, 'GET', `/api/creditos/profissional/${PROF_ID}`).map((c) => c.url.split('?')[1])).toEqual(['page=1', 'page=2']);
  });

  it('says when there is nothing yet', async () => {
    loginProfissional();
    stubApi({ [`GET /api/creditos/profissional/${PROF_ID}`]: () => json(paged([], { pageSize: 20 })) });
    renderAt('/areadoprofissional/chamados-agendados');
    expect(await screen.findByText('Nenhum chamado encontrado.')).toBeInTheDocument();
  });
});
