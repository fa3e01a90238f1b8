import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { progressoSelos, type SeloMetricas } from '@tc/shared';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { dashboardNotFound, loginProfissional } from './test-utils';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const METRICAS: SeloMetricas = {
  verificacao: 'VERIFICADO',
  avaliacoes12m: 3,
  media12m: 4.6,
  especialidadeDomotica: false,
  projetosDomotica: 1,
  candidaturas30d: 4,
  medianaMinutos: 35,
};
/** What the server answers: the same shared rules build the "what you lack" lines. */
const SELOS = {
  selos: ['VERIFICADO', 'RESPOSTA_RAPIDA'],
  calculadoEm: '2026-11-20T14:05:00.000Z',
  metricas: METRICAS,
  progresso: progressoSelos(['VERIFICADO', 'RESPOSTA_RAPIDA'], METRICAS),
};

function stubDashboard(selos: () => Response) {
  mockApi.routes({
    ...dashboardNotFound(),
    'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 71 }),
    'GET /api/creditos/historico/1': () => json({ items: [], page: 1, pageSize: 10, hasMore: false }),
    'GET /api/pagamentos/profissional/1': () => json([]),
    'GET /api/creditos/profissional/1': () => json({ items: [], page: 1, pageSize: 5, hasMore: false }),
    'GET /api/profissional/selos': selos,
  });
}

describe('"Os seus selos" on the professional dashboard', () => {
  it('shows each badge, whether it is earned and, if not, what is missing in numbers', async () => {
    loginProfissional();
    stubDashboard(() => json(SELOS));
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: 'Os seus selos' });
    expect(await within(section).findByText('Tem 2 de 4 selos.')).toBeInTheDocument();
    const cards = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.closest('li') as HTMLElement);
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent?.trim())).toEqual([
      'Verificado',
      'Top Avaliado',
      'Domótica Expert',
      'Resposta rápida',
    ]);
    const [verificado, top, domotica, rapida] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(verificado).getByText('Tem este selo')).toBeInTheDocument();
    expect(within(rapida).getByText('Tem este selo')).toBeInTheDocument();
    expect(within(rapida).queryByRole('list')).not.toBeInTheDocument();

    expect(within(top).getByText('Ainda não tem este selo')).toBeInTheDocument();
    expect(within(top).getByText(/Média de 4,8 estrelas ou mais em pelo menos 5 avaliações/)).toBeInTheDocument();
    const falta = (card: HTMLElement) =>
      within(within(card).getByRole('list', { name: 'O que falta:' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(falta(top)).toEqual(['Faltam 2 avaliações aprovadas nos últimos 12 meses', 'Média atual 4,6 (precisa de 4,8)']);
    expect(falta(domotica)).toEqual([
      'Adicione ao seu perfil uma especialidade de Domótica / Smart Home',
      'Faltam 2 projetos de domótica concluídos com avaliação de 4 estrelas ou mais',
    ]);
    expect(within(section).getByText('20/11/2026, 14:05')).toBeInTheDocument();
    // The professional's own: no id in the address, the professional's token.
    const calls = mockApi.calls('GET', '/api/profissional/selos');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('sends an unverified professional to send the documents', async () => {
    loginProfissional();
    const m: SeloMetricas = { ...METRICAS, verificacao: null, avaliacoes12m: 0, media12m: null, candidaturas30d: 1, medianaMinutos: 200 };
    stubDashboard(() => json({ ...SELOS, selos: [], metricas: m, progresso: progressoSelos([], m) }));
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: 'Os seus selos' });
    expect(await within(section).findByText('Ainda não tem nenhum selo.')).toBeInTheDocument();
    expect(within(section).getByText('Envie os documentos de identificação para a equipa verificar.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Enviar documentos' })).toHaveAttribute('href', '/areadoprofissional/completar-perfil');
    expect(within(section).getByText('Faltam 5 avaliações aprovadas nos últimos 12 meses')).toBeInTheDocument();
    expect(within(section).getByText('Faltam 2 candidaturas nos últimos 30 dias')).toBeInTheDocument();
    expect(within(section).getByText('Tempo mediano atual 3 h 20 min (precisa de menos de 2 h)')).toBeInTheDocument();
  });

  it('says so when the badges cannot be loaded, and tries again', async () => {
    loginProfissional();
    let fail = true;
    stubDashboard(() => (fail ? json({ code: 'INTERNAL', message: 'Erro interno.' }, 500) : json(SELOS)));
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: 'Os seus selos' });
    expect(await within(section).findByText('Não foi possível carregar os seus selos.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: /Tentar novamente/ }));
    expect(await within(section).findByText('Tem 2 de 4 selos.')).toBeInTheDocument();
  });
});
