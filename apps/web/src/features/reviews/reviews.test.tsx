import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAsClient, renderAt, dialogButton } from '../../test/render';
import { json, mockApi, notFound, paged } from '../../test/server';

const perfil = {
  id: 7,
  nome: 'João Ferreira',
  fotoUrl: null,
  notaMedia: 4.5,
  especialidades: ['tomadas'],
  especialidadesLabels: ['Tomadas e interruptores'],
  cidade: 'Almada',
  bairro: 'Setúbal',
  verificado: true,
  telefone: null,
  contato: null,
  descricao: null,
  especialidade: 'Tomadas e interruptores',
};
const avaliavel = (id: number, nome: string, podeAvaliar: boolean) => ({
  id,
  nome,
  especialidades: ['tomadas-interruptores'],
  cidade: 'Almada',
  fotoUrl: null,
  notaMedia: null,
  requestId: podeAvaliar ? 40 + id : null,
  requestTitulo: podeAvaliar ? 'Trocar tomadas da cozinha' : null,
  podeAvaliar,
});

signedInAsClient({ id: '3' });

describe('/avaliar', () => {
  it('lists who applied to my projects with Ver and Avaliar (disabled once reviewed)', async () => {
    mockApi.routes({
      'GET /api/cliente/profissionais-avaliaveis': () => ({
        ...paged([avaliavel(7, 'João Ferreira', true), avaliavel(8, 'Sofia Almeida', false)], 1),
        pageSize: 6,
      }),
    });
    renderAt('/avaliar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Avaliar profissionais' })).toBeInTheDocument();
    const joao = (await screen.findByRole('heading', { name: 'João Ferreira' })).closest('li')!;
    expect(within(joao).getByRole('link', { name: /^Ver/ })).toHaveAttribute('href', '/profissionais/7');
    expect(within(joao).getByRole('link', { name: /^Avaliar/ })).toHaveAttribute('href', '/avaliacao/7?projeto=47');
    expect(within(joao).getByText('Tomadas e interruptores')).toBeInTheDocument();
    const sofia = screen.getByRole('heading', { name: 'Sofia Almeida' }).closest('li')!;
    expect(within(sofia).getByRole('button', { name: /^Avaliar/ })).toBeDisabled();
    expect(within(sofia).getByText('Já avaliado')).toBeInTheDocument();
    // One page only: no pagination.
    expect(screen.queryByText(/Página/)).not.toBeInTheDocument();
    expect(mockApi.calls()[0]!.query.get('pageSize')).toBe('6');
  });

  it('explains the empty list', async () => {
    mockApi.routes({ 'GET /api/cliente/profissionais-avaliaveis': () => paged([], 1) });
    renderAt('/avaliar');
    expect(await screen.findByText(/aparecem aqui quando marcar um projeto como concluído e indicar quem fez o trabalho/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver os meus projetos' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/(projetos\/\d+|areadocliente\/menu)$/),
    );
  });
});

describe('/avaliacao/:id', () => {
  it('refuses to send without a rating and a comment', async () => {
    // The project's title is not found: the page goes on without it.
    mockApi.routes({ 'GET /api/profissional/7': () => perfil, 'GET /api/requests/47': notFound });
    renderAt('/avaliacao/7?projeto=47');
    expect(await screen.findByText('João Ferreira')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Preencha todos os campos.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comentário'), '   ');
    await user.click(screen.getByRole('radio', { name: '4 estrelas' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Preencha todos os campos.')).toBeInTheDocument();
    expect(mockApi.calls('POST')).toHaveLength(0);
  });

  it('picks the stars with the keyboard and sends the review', async () => {
    mockApi.routes({
      'GET /api/profissional/7': () => perfil,
      'GET /api/requests/47': notFound,
      'POST /api/review/create': () => json({ id: 1, status: 'ESPERA', criadoEm: '2026-01-01T00:00:00Z', requestId: 47, message: 'Feedback enviado!' }, 201),
      'GET /api/cliente/profissionais-avaliaveis': () => paged([], 1),
    });
    const { router } = renderAt('/avaliacao/7?projeto=47');
    const user = userEvent.setup();
    const first = await screen.findByRole('radio', { name: '1 estrela' });
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '5 estrelas' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '4 estrelas' })).toHaveAttribute('aria-checked', 'true');
    await user.type(screen.getByLabelText('Comentário'), 'Rápido e cuidadoso.');
    await user.dblClick(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Feedback enviado!')).toBeInTheDocument();
    expect(within(dialog).getByText(/depois de revista/)).toBeInTheDocument();
    const posts = mockApi.calls('POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ profissionalId: 7, requestId: 47, nota: 4, comentario: 'Rápido e cuidadoso.' });
    await user.click(await dialogButton(dialog, 'OK'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/avaliar'));
  });

  it('shows the failure text with the server reason and keeps the form', async () => {
    mockApi.routes({
      'GET /api/profissional/7': () => perfil,
      'POST /api/review/create': () => json({ code: 'ALREADY_REVIEWED', message: 'Já avaliou este profissional para os seus projetos.' }, 409),
    });
    renderAt('/avaliacao/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '3 estrelas' }));
    await user.type(screen.getByLabelText('Comentário'), 'Bom.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Feedback não enviado! Tente novamente.')).toBeInTheDocument();
    expect(within(dialog).getByText('Já avaliou este profissional para os seus projetos.')).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'OK'));
    expect(screen.getByLabelText('Comentário')).toHaveValue('Bom.');
  });
});
