import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { job, loginProfissional, paged } from './test-utils';

// The first render loads the lazy route chunk, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// The open jobs I applied to, which the screen marks itself (job search's pages are the same for all).
const APPLIED = 'GET /api/requests/disponiveis/minhas-candidaturas';
beforeEach(() => mockApi.routes({ [APPLIED]: () => json({ ids: [] }) }));

const lastQuery = () => mockApi.calls('GET', '/api/requests/disponiveis').at(-1)!.query;

describe('Buscar trabalhos', () => {
  it('lists jobs with price, places and urgency', async () => {
    loginProfissional();
    mockApi.routes({
      [APPLIED]: () => json({ ids: [9, 2] }),
      'GET /api/requests/disponiveis': () =>
        json(
          paged(
            [
              job(),
              job({ id: 6, titulo: 'Câmaras de vigilância na moradia', candidaturas: 5, tempo: 'NORMAL', creditos: 20 }),
              job({ id: 2, titulo: 'Iluminação LED na cozinha', candidaturas: 1 }),
            ],
            { hasMore: true },
          ),
        ),
    });
    renderAt('/areadoprofissional/buscar-trabalhos');
    const card = (await screen.findByRole('heading', { name: 'Fuga de água na casa de banho' })).closest('article')!;
    expect(within(card).getByText('2/5 candidaturas')).toBeInTheDocument();
    expect(within(card).getByText('10 créditos')).toBeInTheDocument();
    expect(within(card).getByText('Porto, Matosinhos')).toBeInTheDocument();
    expect(within(card).getByText('Reparação de fugas de água')).toBeInTheDocument();
    expect(within(card).getByText('Urgente')).toBeInTheDocument();
    const full = screen.getByRole('heading', { name: 'Câmaras de vigilância na moradia' }).closest('article')!;
    expect(within(full).getByText('5/5 candidaturas')).toBeInTheDocument();
    expect(within(full).getByText('Completo')).toBeInTheDocument();
    const applied = (await screen.findByText('Já se candidatou')).closest('article')!;
    expect(within(applied).getByRole('heading', { name: 'Iluminação LED na cozinha' })).toBeInTheDocument();
    expect(within(applied).getByRole('button', { name: 'Ver contacto' })).toBeInTheDocument();
    // Only that one: the others are open to apply to (or full).
    expect(screen.getAllByText('Já se candidatou')).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Candidatar-se' })).toBeInTheDocument();
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeEnabled();
  });

  it('a page past the last one in the address asks for the last one (the API refuses later pages)', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/requests/disponiveis': (req) => json(paged([job()], { page: Number(req.query.get('page')), hasMore: true })) });
    renderAt('/areadoprofissional/buscar-trabalhos?bairro=Faro&page=9999');
    expect(await screen.findByRole('heading', { name: 'Fuga de água na casa de banho' })).toBeInTheDocument();
    expect(lastQuery().get('page')).toBe('500');
    expect(lastQuery().get('bairro')).toBe('Faro');
    expect(screen.getByText('Página 500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
  });

  it('puts the filters in the address and sends them to the API', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/requests/disponiveis': () => json(paged([job()])) });
    const { router } = renderAt('/areadoprofissional/buscar-trabalhos');
    const user = userEvent.setup();
    await screen.findByText('2/5 candidaturas');
    expect(lastQuery().get('pageSize')).toBe('12');
    expect(lastQuery().get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Especialidade'), 'desentupimentos');
    await user.selectOptions(screen.getByLabelText('Distrito'), 'Porto');
    await user.selectOptions(screen.getByLabelText('Urgência'), 'URGENTE');
    await user.type(screen.getByPlaceholderText('Pesquisar por título...'), 'fuga');
    await waitFor(() => expect(router.state.location.search).toContain('q=fuga'));
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('especialidade')).toBe('desentupimentos');
    expect(url.get('bairro')).toBe('Porto');
    expect(url.get('tempo')).toBe('URGENTE');
    await waitFor(() => expect(lastQuery().get('q')).toBe('fuga'));
    const q = lastQuery();
    expect(q.get('especialidade')).toBe('desentupimentos');
    expect(q.get('bairro')).toBe('Porto');
    expect(q.get('tempo')).toBe('URGENTE');
  });

  it('reads the filters from the address, shows the empty text, and clears them', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/requests/disponiveis': () => json(paged([])) });
    const { router } = renderAt('/areadoprofissional/buscar-trabalhos?bairro=Faro&tempo=AVARIA&page=2');
    expect(await screen.findByText('Nenhum chamado encontrado.')).toBeInTheDocument();
    expect(screen.getByLabelText('Distrito')).toHaveValue('Faro');
    const q = lastQuery();
    expect(q.get('bairro')).toBe('Faro');
    expect(q.get('tempo')).toBe('AVARIA');
    expect(q.get('page')).toBe('2');
    await userEvent.setup().click(screen.getAllByRole('button', { name: /Limpar filtros/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the error text when the list fails', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/requests/disponiveis': () => json({ code: 'FORBIDDEN', message: 'Proibido' }, 403) });
    renderAt('/areadoprofissional/buscar-trabalhos');
    expect(await screen.findByText('Erro ao carregar chamados.')).toBeInTheDocument();
  });

  it('"Candidatar-se" opens the detail of that job', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/requests/disponiveis': () => json(paged([job()])),
      'GET /api/requests/3': () => json(job()),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 50 }),
    });
    const { router } = renderAt('/areadoprofissional/buscar-trabalhos');
    const button = await screen.findByRole('button', { name: 'Candidatar-se' });
    expect(button).toHaveAccessibleDescription('Fuga de água na casa de banho');
    await userEvent.setup().click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/detalhes-chamado/3'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fuga de água na casa de banho' })).toBeInTheDocument();
  });

  it('"Ver contacto" on a job I applied to opens its page, which shows the contact its own read brings', async () => {
    loginProfissional();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    mockApi.routes({
      [APPLIED]: () => json({ ids: [3] }),
      'GET /api/requests/disponiveis': () => json(paged([job()])),
      'GET /api/requests/3': async () => {
        await held;
        return json(job({ jaCandidatado: true, contato: '+351912000111', cliente: { nome: 'Rui Costa', email: 'rui@exemplo.pt' } }));
      },
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 50 }),
    });
    const { router } = renderAt('/areadoprofissional/buscar-trabalhos');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ver contacto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/detalhes-chamado/3'));
    // The list's copy (no contact) is not shown meanwhile: no locked contact, no "Candidatar-se".
    expect(await screen.findByText('A carregar o chamado...')).toBeInTheDocument();
    expect(screen.queryByText('Disponível após candidatura')).toBeNull();
    release();
    expect(await screen.findByText('rui@exemplo.pt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Candidatar-se' })).toBeNull();
  });
});
