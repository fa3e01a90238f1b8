import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros, PAYMENT_METHOD_LABELS } from '@tc/shared';
import { renderAt } from '../../test/render';
import { json, mockApi, notFound, paged } from '../../test/server';
import { loginAdmin, stubLayoutApis } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const eur = (n: number) => formatEuros(n).replace(/\s+/g, ' ');
const STATS = {
  valorRecebido: 120,
  valorTotal: 180,
  clientes: 1,
  profissionais: 1,
  projetos: 1,
  pendentes: { projetos: 0, reviews: 0, verificacoes: 0 },
  receitaPorMes: [{ mes: '2026-03', recebido: 120, total: 180 }],
  projetosPorSemana: [],
  registosPorSemana: [],
};
const payment = (over: Record<string, unknown>) => ({
  id: 1,
  plano: 'elite',
  valorCentimos: 12000,
  creditos: 150,
  metodo: 'card',
  estado: 'PAGO',
  provider: 'demo',
  criadoEm: '2026-03-02T10:00:00.000Z',
  pagoEm: '2026-03-02T10:01:00.000Z',
  profissionalNome: 'João Ferreira',
  ...over,
});

describe('Detalhes dos valores', () => {
  it('Valor Total lists paid and pending payments with the sum, and filters by month and plan', async () => {
    loginAdmin();
    stubLayoutApis();
    mockApi.routes({
      'GET /api/admin/stats': () => json(STATS),
      'GET /api/admin/pagamentos/por-conciliar': notFound,
      'GET /api/admin/pagamentos': () =>
        json({
          ...paged([
            payment({}),
            payment({
              id: 2,
              plano: 'poupanca',
              valorCentimos: 6000,
              creditos: 60,
              metodo: 'multibanco',
              estado: 'PENDENTE',
              pagoEm: null,
              profissionalNome: 'Sofia Almeida',
            }),
          ]),
          somaEuros: 180,
        }),
    });
    renderAt('/detalhes-valor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Valor Total' }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('João Ferreira');
    expect(rows[1]).toHaveTextContent('Elite');
    expect(rows[1]).toHaveTextContent(PAYMENT_METHOD_LABELS.card);
    expect(rows[1]).toHaveTextContent('Pago');
    expect(rows[2]).toHaveTextContent(PAYMENT_METHOD_LABELS.multibanco);
    expect(rows[2]).toHaveTextContent('Pendente');
    expect(within(rows[2]!).getByText(eur(60))).toBeInTheDocument();
    expect(screen.getByText(eur(180), { selector: 'strong' })).toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/admin/pagamentos')[0]!.query.get('tipo')).toBe('total');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plano' }), 'elite');
    await waitFor(() => expect(mockApi.calls('GET', '/api/admin/pagamentos').at(-1)!.query.get('plano')).toBe('elite'));
    await user.type(screen.getByLabelText('Mês'), '2026-03');
    await waitFor(() => expect(mockApi.calls('GET', '/api/admin/pagamentos').some((c) => c.query.get('mes') === '2026-03')).toBe(true));
    expect(screen.getByRole('heading', { name: 'Receita por mês' })).toBeInTheDocument();
  });

  it('Valor Recebido asks for paid payments only', async () => {
    loginAdmin();
    stubLayoutApis();
    mockApi.routes({
      'GET /api/admin/stats': () => json(STATS),
      'GET /api/admin/pagamentos': () => json({ ...paged([]), somaEuros: 0 }),
      // The payments to reconcile (below) are not what is tested here: they fail to load.
      'GET /api/admin/pagamentos/por-conciliar': notFound,
    });
    renderAt('/detalhes-recebido');
    expect(await screen.findByRole('heading', { level: 1, name: 'Valor Recebido' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Nenhum pagamento confirmado com estes filtros.')).toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/admin/pagamentos')[0]!.query.get('tipo')).toBe('recebido');
  });
});
