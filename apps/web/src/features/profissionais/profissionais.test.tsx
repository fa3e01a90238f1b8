import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAsClient, renderAt } from '../../test/render';
import { json, mockApi, paged } from '../../test/server';

/** The profile's guarantee line: nothing opened. */
const garantias = (id: number) => ({ profissionalId: id, acionadas: 0, aceites: 0, contestadas: 0, semResposta: 0 });

const card = (id: number, nome: string, extra: object = {}) => ({
  id,
  nome,
  fotoUrl: null,
  notaMedia: 4.25,
  especialidades: ['tomadas'],
  especialidadesLabels: ['Tomadas e interruptores', 'Iluminação'],
  cidade: 'Almada',
  bairro: 'Setúbal',
  verificado: true,
  selos: ['VERIFICADO'],
  ...extra,
});

signedInAsClient();

describe('/profissionais', () => {
  it('asks the server with the typed term (debounced) and shows the page count', async () => {
    mockApi.routes({
      'GET /api/profissional/see-all': (req) =>
        req.query.get('q') === 'canal'
          ? paged([card(2, 'Sofia Almeida', { especialidadesLabels: [], verificado: false, selos: [], notaMedia: null })], 1, true)
          : paged([card(1, 'João Ferreira')], 1),
    });
    const { router } = renderAt('/profissionais');
    expect(await screen.findByRole('heading', { level: 1, name: 'Encontrar profissionais' })).toBeInTheDocument();
    const first = (await screen.findByRole('heading', { name: 'João Ferreira' })).closest('li')!;
    expect(within(first).getByText('Tomadas e interruptores, Iluminação')).toBeInTheDocument();
    expect(within(first).getByText('Almada, Setúbal')).toBeInTheDocument();
    expect(within(first).getByText('Verificado')).toBeInTheDocument();
    expect(within(first).getByLabelText('Avaliação média 4,3 de 5')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /^Ver/ })).toHaveAttribute('href', '/profissionais/1');

    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Buscar por nome, especialidade ou cidade...'), 'canal');
    expect(await screen.findByText('Página 1')).toBeInTheDocument();
    expect(screen.getByText('Resultados para «canal»')).toBeInTheDocument();
    expect(screen.getByText('Não informado')).toBeInTheDocument();
    const searched = mockApi.calls('GET', '/api/profissional/see-all');
    // Debounced: one call for the empty list, one for the whole word (not one per letter).
    expect(searched.map((c) => c.query.get('q'))).toEqual([null, 'canal']);
    expect(searched[1]!.query.get('pageSize')).toBe('10');
    expect(searched[1]!.headers.authorization).toMatch(/^Bearer /);
    expect(router.state.location.search).toBe('?q=canal');

    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=canal&page=2'));
    await waitFor(() => expect(mockApi.calls().at(-1)!.query.get('page')).toBe('2'));
  });

  it('reads q and page from the URL (reload / back keep them)', async () => {
    mockApi.routes({ 'GET /api/profissional/see-all': () => paged([card(1, 'João Ferreira')], 2) });
    renderAt('/profissionais?q=porto&page=2');
    expect(await screen.findByText('Página 2')).toBeInTheDocument();
    // The last page: no next one.
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
    expect(screen.getByRole('searchbox')).toHaveValue('porto');
    expect(mockApi.calls()[0]!.query.get('q')).toBe('porto');
    expect(mockApi.calls()[0]!.query.get('page')).toBe('2');
  });

  it('says when nobody matches', async () => {
    mockApi.routes({ 'GET /api/profissional/see-all': () => paged([], 1) });
    renderAt('/profissionais?q=zzz');
    expect(await screen.findByText('Nenhum profissional encontrado.')).toBeInTheDocument();
    expect(screen.queryByText(/Página/)).not.toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    mockApi.routes({ 'GET /api/profissional/see-all': () => json({ code: 'INTERNAL', message: 'x' }, 500) });
    renderAt('/profissionais');
    expect(await screen.findByText('Erro ao carregar os profissionais.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('/profissionais/:id', () => {
  it('shows the profile, phone link and approved reviews, never the e-mail', async () => {
    mockApi.routes({
      'GET /api/profissional/7': () => ({
        ...card(7, 'João Ferreira'),
        telefone: '+351912345678',
        contato: '+351912345678',
        descricao: 'Eletricista há 15 anos.',
        especialidade: 'Tomadas e interruptores',
        email: 'joao@exemplo.pt',
      }),
      'GET /api/profissional/7/garantias': garantias(7),
      'GET /api/review/profissional/7': () => ({
        ...paged([{ id: 1, nota: 5, comentario: 'Excelente trabalho.', criadoEm: '2026-03-02T10:00:00Z', cliente: { nome: 'Ana Sousa' } }], 1),
        pageSize: 5,
      }),
    });
    renderAt('/profissionais/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'João Ferreira' })).toBeInTheDocument();
    expect(screen.getAllByText('Tomadas e interruptores').length).toBeGreaterThan(0);
    expect(screen.getByText('Eletricista há 15 anos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /912 345 678/ })).toHaveAttribute('href', 'tel:+351912345678');
    expect(screen.getByLabelText('Avaliação média 4,3 de 5')).toBeInTheDocument();
    expect(await screen.findByText('Excelente trabalho.')).toBeInTheDocument();
    expect(screen.getByText('Ana Sousa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 de 5 estrelas' })).toBeInTheDocument();
    expect(screen.queryByText('joao@exemplo.pt')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voltar aos profissionais/ })).toHaveAttribute('href', '/profissionais');
  });

  it('says it is loading while the profile is on its way', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockApi.routes({
      'GET /api/profissional/8': async () => {
        await answered;
        return { ...card(8, 'Rita Lopes'), telefone: null, contato: null, descricao: null };
      },
      'GET /api/profissional/8/garantias': garantias(8),
      'GET /api/review/profissional/8': () => ({ ...paged([], 1), pageSize: 5 }),
    });
    renderAt('/profissionais/8');
    expect(await screen.findByText('Carregando perfil...')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rita Lopes' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando perfil...')).not.toBeInTheDocument();
  });

  it('says when the professional does not exist (404)', async () => {
    mockApi.routes({ 'GET /api/profissional/999': () => json({ code: 'NOT_FOUND', message: 'Profissional não encontrado.' }, 404) });
    renderAt('/profissionais/999');
    expect(await screen.findByText('Profissional não encontrado.')).toBeInTheDocument();
  });

  it('shows the load error text', async () => {
    mockApi.routes({ 'GET /api/profissional/5': () => json({ code: 'INTERNAL', message: 'x' }, 500) });
    renderAt('/profissionais/5');
    expect(await screen.findByText('Erro ao carregar os dados do profissional.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
