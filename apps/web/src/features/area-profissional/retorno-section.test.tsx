import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { json, mockApi, type Handler } from '../../test/server';
import { dashboardNotFound, loginProfissional } from './test-utils';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const zero = { creditosGastos: 0, candidaturas: 0, escolhido: 0, avaliacoes: 0, creditosReembolsados: 0 };
const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const RETORNO = {
  meses: months.map((mes) =>
    mes === '2026-11'
      ? { mes, creditosGastos: 26, candidaturas: 4, escolhido: 1, avaliacoes: 1, creditosReembolsados: 4 }
      : mes === '2026-10'
        ? { mes, creditosGastos: 3, candidaturas: 1, escolhido: 0, avaliacoes: 0, creditosReembolsados: 0 }
        : { mes, ...zero },
  ),
  totais: { creditosGastos: 29, candidaturas: 5, escolhido: 1, avaliacoes: 1, creditosReembolsados: 4 },
};
const application = (id: number, titulo: string, resultado: string, over: Record<string, unknown> = {}) => ({
  id,
  criadoEm: '2026-11-12T10:00:00.000Z',
  creditos: 10,
  resultado,
  reembolsadoEm: resultado === 'REEMBOLSADO' ? '2026-11-13T10:00:00.000Z' : null,
  reporte: null,
  request: {
    id: 100 + id,
    titulo,
    descricao: 'x',
    cidade: 'Lisboa',
    bairro: 'Lisboa',
    especialidade: 'tomadas-interruptores',
    status: 'ABERTO',
    tempo: 'NORMAL',
    contato: '912345678',
    cliente: { nome: 'Ana', email: 'ana@exemplo.pt' },
  },
  ...over,
});
const PAGE1 = [
  application(1, 'Quadro elétrico novo', 'ESCOLHIDO'),
  application(2, 'Tomadas da sala', 'NAO_ESCOLHIDO'),
  application(3, 'Fuga na cozinha', 'EM_ABERTO'),
  application(4, 'Esquentador', 'FECHADO'),
  application(5, 'Contacto falso', 'REEMBOLSADO'),
];

function stubDashboard(extra: Record<string, Handler> = {}) {
  mockApi.routes({
    ...dashboardNotFound(),
    'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 71 }),
    'GET /api/creditos/historico/1': () => json({ items: [], page: 1, pageSize: 10, hasMore: false }),
    'GET /api/pagamentos/profissional/1': () => json([]),
    'GET /api/profissional/retorno': () => json(RETORNO),
    'GET /api/creditos/profissional/1': (req) => {
      const page = Number(req.query.get('page'));
      return json(
        page === 1
          ? { items: PAGE1, page: 1, pageSize: 5, hasMore: true }
          : { items: [application(6, 'Projeto de outubro', 'EM_ABERTO')], page: 2, pageSize: 5, hasMore: false },
      );
    },
    ...extra,
  });
}

describe('"O seu retorno" on the professional dashboard', () => {
  it('shows the 12-month figures and each month, newest first', async () => {
    loginProfissional();
    stubDashboard();
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: 'O seu retorno' });
    await within(section).findByRole('table');
    const tile = async (label: string) =>
      within(section)
        .getAllByRole('term')
        .find((t) => t.textContent === label)!
        .closest('.roi-tile') as HTMLElement;
    expect(within(await tile('Créditos gastos')).getByText('29')).toBeInTheDocument();
    expect(within(await tile('Créditos gastos')).getByText('4 reembolsados')).toBeInTheDocument();
    expect(within(await tile('Candidaturas')).getByText('5')).toBeInTheDocument();
    expect(within(await tile('Vezes escolhido')).getByText('20 % das candidaturas')).toBeInTheDocument();
    expect(within(await tile('Avaliações recebidas')).getByText('1')).toBeInTheDocument();

    const table = within(section).getByRole('table', { name: /O seu retorno por mês/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('novembro de 2026');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['26', '4', '1', '1', '+4']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('outubro de 2026');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '0', '0', '0']);
    expect(within(rows[11]!).getByRole('rowheader')).toHaveTextContent('dezembro de 2025');
  });

  it('lists my applications with their outcome, a page at a time', async () => {
    loginProfissional();
    stubDashboard();
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: 'O seu retorno' });
    const list = await within(section).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    const outcome = (i: number) => [items[i]!.querySelector('.outcome-title')?.textContent, items[i]!.querySelector('.badge')?.textContent];
    expect(items.map((_, i) => outcome(i))).toEqual([
      ['Quadro elétrico novo', 'Escolhido'],
      ['Tomadas da sala', 'Não escolhido'],
      ['Fuga na cozinha', 'Em aberto'],
      ['Esquentador', 'Fechado'],
      ['Contacto falso', 'Reembolsado'],
    ]);
    expect(within(items[1]!).getByText(/O cliente escolheu outro profissional/)).toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/creditos/profissional/1')[0]!.url).toContain('pageSize=5');

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(within(section).getByText('Projeto de outubro')).toBeInTheDocument());
  });

  it('says so when there is nothing yet (figures at zero, no table)', async () => {
    loginProfissional();
    stubDashboard({
      'GET /api/profissional/retorno': () => json({ meses: months.map((mes) => ({ mes, ...zero })), totais: zero }),
      'GET /api/creditos/profissional/1': () => json({ items: [], page: 1, pageSize: 5, hasMore: false }),
    });
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: 'O seu retorno' });
    expect(await within(section).findByText('Sem candidaturas, escolhas nem avaliações nos últimos 12 meses.')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(await within(section).findByText('Ainda não se candidatou a nenhum projeto.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Procurar trabalhos' })).toHaveAttribute('href', '/areadoprofissional/buscar-trabalhos');
  });
});
