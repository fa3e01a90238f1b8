import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros } from '@tc/shared';
import { renderAt } from '../../test/render';
import { json, mockApi, paged } from '../../test/server';
import { loginAdmin, stubLayoutApis } from './test-utils';

/** Intl puts a no-break space before €; Testing Library normalises the page's text, not the expected string. */
const eur = (n: number) => formatEuros(n).replace(/\s+/g, ' ');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const STATS = {
  valorRecebido: 1234.5,
  valorTotal: 1500,
  clientes: 42,
  profissionais: 17,
  projetos: 63,
  pendentes: { projetos: 2, reviews: 1, verificacoes: 3 },
  receitaPorMes: [
    { mes: '2026-01', recebido: 200, total: 260 },
    { mes: '2026-03', recebido: 1034.5, total: 1240 },
  ],
  projetosPorSemana: [
    { semana: '2026-03-02', total: 4 },
    { semana: '2026-03-16', total: 2 },
  ],
  registosPorSemana: [{ semana: '2026-03-09', clientes: 3, profissionais: 1 }],
};

const AUDIT = paged([
  {
    id: 5,
    acao: 'PROJETO_CREDITOS',
    alvoTipo: 'request',
    alvoId: 12,
    detalhes: { antes: null, depois: 15 },
    criadoEm: '2026-03-10T10:00:00.000Z',
    adminNome: 'Helena Marques',
  },
  {
    id: 4,
    acao: 'DOCUMENTO_VISTO',
    alvoTipo: 'profissional',
    alvoId: 7,
    detalhes: { lado: 'frente' },
    criadoEm: '2026-03-09T10:00:00.000Z',
    adminNome: 'Helena Marques',
  },
  { id: 3, acao: 'LEAD_REEMBOLSADO', alvoTipo: 'lead_report', alvoId: 4, detalhes: null, criadoEm: '2026-03-08T10:00:00.000Z', adminNome: 'Helena Marques' },
  {
    id: 2,
    acao: 'ACAO_DE_UM_SERVIDOR_MAIS_NOVO',
    alvoTipo: 'coisa_nova',
    alvoId: 9,
    detalhes: null,
    criadoEm: '2026-03-07T10:00:00.000Z',
    adminNome: 'Helena Marques',
  },
]);

function stubDashboard() {
  mockApi.routes({
    'GET /api/admin/stats': () => json(STATS),
    'GET /api/admin/audit': () => json(AUDIT),
  });
}

describe('Dashboard', () => {
  it('shows the five cards with euro values and their detail links', async () => {
    loginAdmin();
    stubLayoutApis();
    stubDashboard();
    renderAt('/dashboard');
    // The first render loads the chart library's chunk: give it time on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    const card = async (name: string) => screen.findByRole('article', { name }, { timeout: 3000 });

    const recebido = await card('Valor Recebido');
    expect(within(recebido).getByText(eur(1234.5))).toBeInTheDocument();
    expect(within(recebido).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/detalhes-recebido');

    const total = await card('Valor Total');
    expect(within(total).getByText(eur(1500))).toBeInTheDocument();
    expect(within(total).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/detalhes-valor');

    expect(within(await card('Clientes')).getByText('42')).toBeInTheDocument();
    expect(within(await card('Clientes')).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/listagem-clientes');
    expect(within(await card('Profissionais')).getByText('17')).toBeInTheDocument();
    expect(within(await card('Profissionais')).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/listagem-profissionais');
    expect(within(await card('Projetos')).getByText('63')).toBeInTheDocument();
    expect(within(await card('Projetos')).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/listagem-projetos');
    expect(screen.getAllByRole('link', { name: /^Ver detalhes/ })).toHaveLength(5);
  });

  it('links the pending counters, describes the charts and shows the audit log', async () => {
    loginAdmin();
    stubLayoutApis();
    stubDashboard();
    renderAt('/dashboard');
    expect(await screen.findByRole('link', { name: /2 projetos à espera de aprovação/ })).toHaveAttribute('href', '/listagem-projetos?status=ESPERA');
    expect(screen.getByRole('link', { name: /1 review por moderar/ })).toHaveAttribute('href', '/listagem-reviews?status=ESPERA');
    expect(screen.getByRole('link', { name: /3 verificações de identidade pendentes/ })).toHaveAttribute(
      'href',
      '/listagem-profissionais?verificacao=PENDENTE',
    );

    // Each chart has a heading and the same numbers as a table for screen readers (missing months at zero).
    const revenue = screen.getByRole('table', { name: 'Receita por mês (recebido e total)' });
    expect(within(revenue).getAllByRole('row')).toHaveLength(4);
    expect(within(revenue).getByRole('rowheader', { name: 'fevereiro de 2026' })).toBeInTheDocument();
    expect(within(revenue).getByText(eur(1034.5))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Novos projetos por semana' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Novos projetos por semana' })).toHaveTextContent('Semana de 2 de março de 2026');
    expect(screen.getByRole('table', { name: 'Novos registos por semana' })).toBeInTheDocument();

    const audit = await screen.findByRole('region', { name: 'Registo de auditoria' });
    await within(audit).findByText('Definiu créditos');
    expect(within(audit).getByText('Viu documento')).toBeInTheDocument();
    expect(within(audit).getByText('Projeto #12')).toBeInTheDocument();
    expect(within(audit).getByText('Profissional #7')).toBeInTheDocument();
    // Labels, never the stored codes (issue 12), even for an action this page does not know.
    expect(within(audit).getByText('Reembolsou contacto reportado')).toBeInTheDocument();
    expect(within(audit).getByText('Contacto reportado #4')).toBeInTheDocument();
    expect(within(audit).getByText('Outra ação')).toBeInTheDocument();
    expect(within(audit).queryByText(/[A-Z]{3,}_[A-Z_]+|lead_report|coisa_nova/)).not.toBeInTheDocument();
  });

  it('has the admin sidebar, and Sair clears the session and goes to /login', async () => {
    loginAdmin();
    stubLayoutApis();
    stubDashboard();
    const { router } = renderAt('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Administração' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const [name, href] of [
      ['Clientes', '/listagem-clientes'],
      ['Profissionais', '/listagem-profissionais'],
      ['Projetos', '/listagem-projetos'],
      ['Reviews', '/listagem-reviews'],
      ['Novo administrador', '/cadastro'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('token_admin')).toBeNull();
    expect(localStorage.getItem('tipo')).toBeNull();
  });

  it('shows an error with a retry when the figures fail', async () => {
    loginAdmin();
    stubLayoutApis();
    mockApi.routes({ 'GET /api/admin/stats': () => json({ code: 'FORBIDDEN', message: 'Sem permissão.' }, 403) });
    renderAt('/dashboard');
    expect(await screen.findByText('Não foi possível carregar o dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
