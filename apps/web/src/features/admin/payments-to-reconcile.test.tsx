import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros, type PaymentAnomaly } from '@tc/shared';
import { renderAt } from '../../test/render';
import { json, mockApi, paged, type Handler } from '../../test/server';
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
  pendentes: { projetos: 0, reviews: 0, verificacoes: 0, pagamentosPorConciliar: 2 },
  receitaPorMes: [],
  projetosPorSemana: [],
  registosPorSemana: [],
};
const anomaly = (over: Partial<PaymentAnomaly>): PaymentAnomaly => ({
  id: 1,
  eventoId: 'evt_valor',
  tipo: 'checkout.session.completed',
  sessaoId: 'cs_test_1',
  pagamentoId: 7,
  valorCentimos: 100,
  moeda: 'eur',
  esperadoCentimos: 12000,
  codigo: 'VALOR_DIFERENTE',
  motivo: 'Valor pago (1,00 €) diferente do preço da compra n.º 7 (120,00 €): não foram atribuídos créditos.',
  criadoEm: '2026-03-02T10:00:00.000Z',
  resolvidoEm: null,
  resolvidoPorNome: null,
  ...over,
});
const LIST = [
  anomaly({}),
  anomaly({
    id: 2,
    eventoId: 'evt_moeda',
    valorCentimos: 12000,
    moeda: 'usd',
    codigo: 'MOEDA_DIFERENTE',
    motivo: 'Pagamento em USD; a compra n.º 7 é em EUR: não foram atribuídos créditos.',
  }),
  anomaly({
    id: 3,
    eventoId: 'evt_sessao',
    sessaoId: 'cs_alheia',
    pagamentoId: null,
    esperadoCentimos: null,
    valorCentimos: 6000,
    codigo: 'SESSAO_DESCONHECIDA',
    motivo: 'Nenhuma compra corresponde à sessão de pagamento cs_alheia: não foram atribuídos créditos.',
    resolvidoEm: '2026-03-03T09:00:00.000Z',
    resolvidoPorNome: 'Helena Marques',
  }),
];

const section = () => screen.findByRole('region', { name: 'Pagamentos por conciliar' }, { timeout: 5000 });
const row = (s: HTMLElement, text: string) =>
  within(s)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text))!;

function stubPage(anomalies: Handler, extra: Record<string, Handler> = {}) {
  stubLayoutApis();
  mockApi.routes({
    'GET /api/admin/stats': () => json(STATS),
    'GET /api/admin/pagamentos': () => json({ ...paged([]), somaEuros: 0, total: 0 }),
    'GET /api/admin/pagamentos/por-conciliar': anomalies,
    ...extra,
  });
}

describe('Pagamentos por conciliar (payments page)', () => {
  it('lists the events that credited nothing: amount, expected price, reason and state', async () => {
    loginAdmin();
    stubPage(() => json(paged(LIST)));
    renderAt('/detalhes-recebido');
    const s = await section();
    await within(s).findByText('evt_valor');
    expect(mockApi.calls('GET', '/api/admin/pagamentos/por-conciliar')[0]!.query.get('page')).toBe('1');

    const wrongAmount = row(s, 'evt_valor');
    expect(wrongAmount).toHaveTextContent('Sessão de pagamento concluída');
    expect(wrongAmount).toHaveTextContent('Sessão cs_test_1');
    expect(within(wrongAmount).getByText(eur(1))).toBeInTheDocument();
    expect(wrongAmount).toHaveTextContent(`Esperado ${eur(120)}`);
    expect(wrongAmount).toHaveTextContent('Valor diferente');
    expect(wrongAmount).toHaveTextContent('Por resolver');
    expect(within(wrongAmount).getByRole('button', { name: /^Marcar como resolvido/ })).toBeInTheDocument();

    const wrongCurrency = row(s, 'evt_moeda');
    expect(wrongCurrency).toHaveTextContent('Moeda diferente');
    expect(wrongCurrency).toHaveTextContent(/US\$|USD/);

    const done = row(s, 'evt_sessao');
    expect(done).toHaveTextContent('Sessão desconhecida');
    expect(done).toHaveTextContent('Resolvido');
    expect(done).toHaveTextContent('Helena Marques');
    expect(within(done).queryByRole('button', { name: /^Marcar como resolvido/ })).not.toBeInTheDocument();
  });

  it('"Marcar como resolvido" sends the change once, even on a double click, and shows the row resolved', async () => {
    loginAdmin();
    let answer!: () => void;
    const slow = new Promise<void>((r) => (answer = r));
    stubPage(() => json(paged(LIST)), {
      'PATCH /api/admin/pagamentos/por-conciliar/1/resolver': async () => {
        await slow;
        return json(anomaly({ resolvidoEm: '2026-03-04T12:00:00.000Z', resolvidoPorNome: 'Admin Teste' }));
      },
    });
    renderAt('/detalhes-recebido');
    const s = await section();
    await within(s).findByText('evt_valor');
    const user = userEvent.setup();
    await user.dblClick(within(row(s, 'evt_valor')).getByRole('button', { name: /^Marcar como resolvido/ }));
    expect(within(row(s, 'evt_valor')).getByRole('button', { name: /^Marcar como resolvido/ })).toBeDisabled();
    answer();
    await waitFor(() => expect(row(s, 'evt_valor')).toHaveTextContent('Admin Teste'));
    expect(row(s, 'evt_valor')).toHaveTextContent('Resolvido');
    expect(within(row(s, 'evt_valor')).queryByRole('button', { name: /^Marcar como resolvido/ })).not.toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/admin/pagamentos/por-conciliar/1/resolver')).toHaveLength(1);
    expect(await screen.findByText('Pagamento marcado como resolvido.')).toBeInTheDocument();
  });

  it('says when a change fails, and keeps the button', async () => {
    loginAdmin();
    stubPage(() => json(paged(LIST)), {
      'PATCH /api/admin/pagamentos/por-conciliar/1/resolver': () => json({ code: 'NOT_FOUND', message: 'Evento por conciliar não encontrado.' }, 404),
    });
    renderAt('/detalhes-recebido');
    const s = await section();
    await within(s).findByText('evt_valor');
    await userEvent.setup().click(within(row(s, 'evt_valor')).getByRole('button', { name: /^Marcar como resolvido/ }));
    expect(await screen.findByText('Não foi possível marcar como resolvido.')).toBeInTheDocument();
    expect(within(row(s, 'evt_valor')).getByRole('button', { name: /^Marcar como resolvido/ })).toBeEnabled();
  });

  it('shows a loading state, then an empty state', async () => {
    loginAdmin();
    let answer!: () => void;
    const wait = new Promise<void>((r) => (answer = r));
    stubPage(async () => {
      await wait;
      return json(paged([]));
    });
    renderAt('/detalhes-valor');
    const s = await section();
    expect(within(s).getByRole('status')).toHaveTextContent('A carregar pagamentos por conciliar...');
    answer();
    expect(await within(s).findByText('Não há pagamentos por conciliar.')).toBeInTheDocument();
    expect(within(s).queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages with Anterior / Próxima', async () => {
    loginAdmin();
    stubPage((req) => json(paged(req.query.get('page') === '2' ? [LIST[2]!] : LIST.slice(0, 2), Number(req.query.get('page')), req.query.get('page') !== '2')));
    renderAt('/detalhes-recebido');
    const s = await section();
    await within(s).findByText('evt_valor');
    await userEvent.setup().click(within(s).getByRole('button', { name: /Próxima/ }));
    expect(await within(s).findByText('evt_sessao')).toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/admin/pagamentos/por-conciliar').at(-1)!.query.get('page')).toBe('2');
  });

  it('the dashboard counts the unresolved ones and links to the section', async () => {
    loginAdmin();
    stubPage(() => json(paged(LIST)), { 'GET /api/admin/audit': () => json(paged([])) });
    renderAt('/dashboard');
    expect(await screen.findByRole('link', { name: /2 pagamentos por conciliar/ }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/detalhes-recebido#por-conciliar',
    );
  });
});
