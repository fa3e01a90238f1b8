import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { dashboardNotFound, loginProfissional } from './test-utils';

// The first render loads the lazy route chunk, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const entry = (over: Record<string, unknown>) => ({
  id: 1,
  tipo: 'COMPRA',
  delta: 150,
  saldoApos: 150,
  descricao: 'Plano Elite',
  requestId: null,
  paymentId: 1,
  criadoEm: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('Área do Profissional (menu)', () => {
  it('shows 0 credits when the balance cannot be read, and the four shortcuts', async () => {
    loginProfissional();
    mockApi.routes({
      ...dashboardNotFound(),
      'GET /api/subscriptions/credito/1': () => json({ code: 'INTERNAL', message: 'Erro' }, 500),
      'GET /api/creditos/historico/1': () => json({ items: [], total: 0, page: 1, pageSize: 10, totalPages: 0 }),
      'GET /api/pagamentos/profissional/1': () => json([]),
    });
    renderAt('/areadoprofissional/menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Área do Profissional' })).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Créditos disponíveis' });
    expect(within(balance).getByText('0')).toBeInTheDocument();
    expect(within(balance).getByRole('link', { name: 'Comprar créditos' })).toHaveAttribute('href', '/creditos');
    const nav = screen.getByRole('navigation', { name: 'Área do Profissional' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/areadoprofissional/chamados-agendados',
      '/areadoprofissional/buscar-trabalhos',
      '/areadoprofissional/minhas-avaliacoes',
      '/conta',
    ]);
    expect(await screen.findByText('Ainda não há movimentos de créditos.')).toBeInTheDocument();
  });

  it('shows the balance, the credit history and pending purchases', async () => {
    loginProfissional();
    mockApi.routes({
      ...dashboardNotFound(),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 140 }),
      'GET /api/creditos/historico/1': () =>
        json({
          items: [
            entry({ id: 2, tipo: 'CANDIDATURA', delta: -10, saldoApos: 140, descricao: 'Candidatura: Iluminação LED', paymentId: null, requestId: 2 }),
            entry({}),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
          totalPages: 1,
        }),
      'GET /api/pagamentos/profissional/1': () =>
        json({
          items: [
            {
              id: 7,
              plano: 'poupanca',
              valorCentimos: 6000,
              creditos: 60,
              metodo: 'multibanco',
              estado: 'PENDENTE',
              criadoEm: '2026-03-03T10:00:00.000Z',
              pagoEm: null,
            },
          ],
          page: 1,
          pageSize: 10,
          hasMore: true,
        }),
    });
    renderAt('/areadoprofissional/menu');
    const balance = await screen.findByRole('region', { name: 'Créditos disponíveis' });
    expect(await within(balance).findByText('140')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Candidatura')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-10')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Compra')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+150')).toBeInTheDocument();
    // A purchase links to its receipt; an application has none.
    expect(within(rows[2]!).getByRole('link', { name: 'Recibo da compra de 01/03/2026, 10:00' })).toHaveAttribute('href', '/recibo/1');
    expect(within(rows[1]!).queryByRole('link', { name: /Recibo/ })).not.toBeInTheDocument();
    const pending = await screen.findByRole('region', { name: 'Compras a aguardar pagamento' });
    expect(within(pending).getByText('Plano Poupança')).toBeInTheDocument();
    expect(within(pending).getByText('Há mais compras pendentes: mostram-se as mais recentes.')).toBeInTheDocument();
    // Only the pending ones are asked for: the server filters and pages them.
    expect(
      mockApi
        .calls()
        .find((c) => c.path === '/api/pagamentos/profissional/1')
        ?.query.get('estado'),
    ).toBe('PENDENTE');
  });
});
