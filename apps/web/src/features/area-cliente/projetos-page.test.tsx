import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogButton, dialogReady, renderAt } from '../../test/render';
import { json, mockApi, notFound } from '../../test/server';
import { CLIENTE_ID, loginCliente, project } from './test-utils';

// A card whose applicants a test does not give shows them as not loaded (404).
beforeEach(() => mockApi.routes({ 'GET /api/requests/11/profissionais': notFound, 'GET /api/requests/12/profissionais': notFound }));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const LIST = `GET /api/requests/cliente/${CLIENTE_ID}?page=1`;
const three = () => [
  project({ id: 10, titulo: 'Em espera', status: 'ESPERA' }),
  project({ id: 11, titulo: 'Aberto ao público', status: 'ABERTO', candidaturas: 2, creditos: 10 }),
  project({ id: 12, titulo: 'Já feito', status: 'CONCLUIDO', candidaturas: 1 }),
];
const card = (title: string) => screen.getByRole('article', { name: title });
const applicant = (over: Record<string, unknown>) => ({
  id: 7,
  nome: 'João Ferreira',
  fotoUrl: null,
  especialidades: [],
  cidade: 'Porto',
  notaMedia: null,
  totalAvaliacoes: 0,
  verificado: false,
  escolhido: false,
  candidatadoEm: '2026-03-03T10:00:00.000Z',
  ...over,
});

describe('Os meus projetos', () => {
  it('shows each status with its own action', async () => {
    loginCliente({ email: null });
    mockApi.routes({ [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }) });
    renderAt(`/projetos/${CLIENTE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Os meus projetos' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Em espera' });
    expect(within(card('Em espera')).getByText('Em análise')).toBeInTheDocument();
    // Before anyone is chosen the only action is to withdraw it.
    expect(
      within(card('Em espera'))
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Cancelar projeto']);
    expect(within(card('Aberto ao público')).getByRole('button', { name: 'Cancelar projeto' })).toBeInTheDocument();
    expect(within(card('Já feito')).queryByRole('button', { name: 'Cancelar projeto' })).not.toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByText('2/5 candidaturas')).toBeInTheDocument();
    expect(within(card('Aberto ao público')).getByRole('button', { name: 'Marcar como concluído' })).toBeInTheDocument();
    expect(within(card('Aberto ao público')).queryByRole('button', { name: 'Avaliar profissional' })).not.toBeInTheDocument();
    expect(within(card('Já feito')).getByRole('button', { name: 'Avaliar profissional' })).toBeInTheDocument();
    expect(within(card('Já feito')).queryByRole('button', { name: 'Marcar como concluído' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Marcar como concluído' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Avaliar profissional' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Voltar à Área do Cliente' })).toHaveAttribute('href', '/areadocliente/menu');
  });

  it('marks an open project as concluded, asking who did the job (the chosen one comes selected)', async () => {
    loginCliente({ email: null });
    let concluded = false;
    mockApi.routes({
      [LIST]: () =>
        json({
          items: three().map((p) => (p.id === 11 ? { ...p, escolhidoId: 8, ...(concluded ? { status: 'CONCLUIDO' } : {}) } : p)),
          page: 1,
          pageSize: 20,
          hasMore: false,
        }),
      'GET /api/requests/11/profissionais': () =>
        json([applicant({ id: 7, nome: 'João Ferreira' }), applicant({ id: 8, nome: 'Sofia Almeida', verificado: true, escolhido: true })]),
      'GET /api/requests/12/profissionais': () => json([applicant({ id: 7, nome: 'João Ferreira', escolhido: true })]),
      'PATCH /api/requests/11/concluir': () => {
        concluded = true;
        return json({ id: 11, status: 'CONCLUIDO', escolhidoId: 7 });
      },
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar como concluído' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como concluído?' });
    expect(dialog).toHaveAccessibleDescription(/Diga-nos quem o fez: só esse profissional poderá ser avaliado\./);
    const who = within(dialog).getByRole('group', { name: 'Quem fez o trabalho?' });
    expect(await within(who).findByRole('radio', { name: /Sofia Almeida/ })).toBeChecked();
    expect(within(who).getByRole('radio', { name: /João Ferreira/ })).not.toBeChecked();
    expect(within(who).getByRole('radio', { name: /Nenhum destes profissionais/ })).not.toBeChecked();
    expect(mockApi.calls('PATCH', '/api/requests/11/concluir')).toHaveLength(0);
    // The client says someone else did it in the end.
    await dialogReady(dialog);
    await user.click(within(who).getByRole('radio', { name: /João Ferreira/ }));
    await user.click(await dialogButton(dialog, 'Sim, concluir'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Avaliar profissional' })).toHaveLength(2));
    const sent = mockApi.calls('PATCH', '/api/requests/11/concluir');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ profissionalId: 7 });
    expect(screen.queryByRole('button', { name: 'Marcar como concluído' })).not.toBeInTheDocument();
    expect(await screen.findByText('Projeto marcado como concluído.')).toBeInTheDocument();
  });

  it('the completion dialog needs an answer when nobody was chosen, and accepts "Nenhum destes profissionais"', async () => {
    loginCliente({ email: null });
    mockApi.routes({
      [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }),
      'GET /api/requests/11/profissionais': () => json([applicant({ id: 7, nome: 'João Ferreira' }), applicant({ id: 8, nome: 'Sofia Almeida' })]),
      'GET /api/requests/12/profissionais': () => json([]),
      'PATCH /api/requests/11/concluir': () => json({ id: 11, status: 'CONCLUIDO', escolhidoId: null }),
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar como concluído' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como concluído?' });
    const who = within(dialog).getByRole('group', { name: 'Quem fez o trabalho?' });
    await within(who).findByRole('radio', { name: /João Ferreira/ });
    expect(
      within(who)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toHaveLength(0);
    await user.click(await dialogButton(dialog, 'Sim, concluir'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Escolha quem fez o trabalho.');
    expect(mockApi.calls('PATCH', '/api/requests/11/concluir')).toHaveLength(0);
    await user.click(within(who).getByRole('radio', { name: /Nenhum destes profissionais/ }));
    await user.click(await dialogButton(dialog, 'Sim, concluir'));
    await waitFor(() => expect(mockApi.calls('PATCH', '/api/requests/11/concluir')).toHaveLength(1));
    expect(mockApi.calls('PATCH', '/api/requests/11/concluir')[0]!.body).toEqual({ profissionalId: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the applicants on the card (rating, "Verificado", profile) and saves "Escolhi este profissional"', async () => {
    loginCliente({ email: null });
    let chosen: number | null = null;
    mockApi.routes({
      [LIST]: () => json({ items: three().map((p) => (p.id === 11 ? { ...p, escolhidoId: chosen } : p)), page: 1, pageSize: 20, hasMore: false }),
      'GET /api/requests/11/profissionais': () =>
        json([
          applicant({ id: 7, nome: 'João Ferreira', notaMedia: 4.5, escolhido: chosen === 7 }),
          applicant({ id: 8, nome: 'Sofia Almeida', verificado: true, escolhido: chosen === 8 }),
        ]),
      'GET /api/requests/12/profissionais': () => json([applicant({ id: 7, nome: 'João Ferreira', escolhido: true })]),
      'POST /api/requests/11/escolher': (req) => {
        chosen = req.json<{ profissionalId: number }>().profissionalId;
        return json({ id: 11, escolhidoId: chosen, escolhidoEm: '2026-03-04T10:00:00.000Z' });
      },
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const open = await screen.findByRole('article', { name: 'Aberto ao público' });
    const applicants = await within(open).findByRole('region', { name: 'Candidatos' });
    expect(await within(applicants).findByRole('link', { name: /João Ferreira/ })).toHaveAttribute('href', '/profissionais/7');
    const rows = within(applicants).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('4,5')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Verificado')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Verificado')).toBeInTheDocument();
    expect(within(applicants).getByText(/Marque quem vai fazer o trabalho/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: /Escolhi este profissional/ }));
    expect(await screen.findByText('Escolheu Sofia Almeida.')).toBeInTheDocument();
    await waitFor(() => expect(within(applicants).getByText('Escolhido')).toBeInTheDocument());
    expect(mockApi.calls('POST', '/api/requests/11/escolher')[0]!.body).toEqual({ profissionalId: 8 });
    // The choice may change: the other one still has the button; the project can no longer be cancelled.
    expect(within(applicants).getAllByRole('button', { name: /Escolhi este profissional/ })).toHaveLength(1);
    await waitFor(() => expect(within(open).queryByRole('button', { name: 'Cancelar projeto' })).not.toBeInTheDocument());
    expect(within(open).getByText(/o projeto deixou de receber candidaturas/)).toBeInTheDocument();
    // A completed project shows who did it, without buttons.
    const done = await within(card('Já feito')).findByRole('region', { name: 'Candidatos' });
    expect(await within(done).findByText('Fez o trabalho')).toBeInTheDocument();
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
  });

  it('"Cancelar projeto" asks first, says who is refunded, and removes it', async () => {
    loginCliente({ email: null });
    let cancelled = false;
    mockApi.routes({
      [LIST]: () => json({ items: three().filter((p) => !(cancelled && p.id === 11)), page: 1, pageSize: 20, hasMore: false }),
      'GET /api/requests/11/profissionais': () => json([applicant({ id: 7, nome: 'João Ferreira' }), applicant({ id: 8, nome: 'Sofia Almeida' })]),
      'GET /api/requests/12/profissionais': () => json([]),
      'POST /api/requests/11/cancelar': () => {
        cancelled = true;
        return json({
          id: 11,
          reembolsos: [
            { profissionalId: 7, creditos: 10 },
            { profissionalId: 8, creditos: 10 },
          ],
        });
      },
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Aberto ao público' })).getByRole('button', { name: 'Cancelar projeto' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar o projeto?' });
    expect(dialog).toHaveTextContent('Os profissionais que pagaram para se candidatar recebem os créditos de volta e são avisados.');
    await user.click(await dialogButton(dialog, 'Voltar'));
    expect(mockApi.calls('POST', '/api/requests/11/cancelar')).toHaveLength(0);
    await user.click(within(card('Aberto ao público')).getByRole('button', { name: 'Cancelar projeto' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim, cancelar projeto' }));
    expect(await screen.findByText('Projeto cancelado.')).toBeInTheDocument();
    expect(screen.getByText('2 profissionais receberam os créditos de volta.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Aberto ao público' })).not.toBeInTheDocument());
    expect(mockApi.calls('POST', '/api/requests/11/cancelar')).toHaveLength(1);
  });

  it('lists the applicants and opens the review of the chosen one', async () => {
    loginCliente({ email: null });
    mockApi.routes({
      [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }),
      'GET /api/requests/12/profissionais': () =>
        json([
          applicant({ id: 9, nome: 'Rui Pereira' }),
          applicant({ id: 7, nome: 'João Ferreira', especialidades: ['quadro-eletrico-dispara'], cidade: 'Porto', notaMedia: 4.5, escolhido: true }),
        ]),
      // The review page it opens is not what is tested.
      'GET /api/profissional/7': notFound,
    });
    const { router } = renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avaliar profissional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selecione o profissional contratado' });
    const pick = await within(dialog).findByRole('button', { name: /João Ferreira/ });
    // Only the professional who did the job can be reviewed: the others are not selectable.
    expect(within(dialog).queryByRole('button', { name: /Rui Pereira/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Rui Pereira')).toBeInTheDocument();
    expect(within(dialog).getByText('Não fez este trabalho')).toBeInTheDocument();
    expect(within(dialog).getByText('Quadro elétrico a disparar')).toBeInTheDocument();
    expect(within(dialog).getByText('4,5')).toBeInTheDocument();
    await user.click(pick);
    await waitFor(() => expect(router.state.location.pathname).toBe('/avaliacao/7'));
    expect(router.state.location.search).toBe('?projeto=12');
  });

  it('says when nobody applied', async () => {
    loginCliente({ email: null });
    mockApi.routes({ [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: false }), 'GET /api/requests/12/profissionais': () => json([]) });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avaliar profissional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selecione o profissional contratado' });
    expect(await within(dialog).findByText('Nenhum profissional se candidatou.')).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'Fechar'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('pages through many projects, 20 at a time', async () => {
    loginCliente({ email: null });
    mockApi.routes({
      [LIST]: () => json({ items: three(), page: 1, pageSize: 20, hasMore: true }),
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=2`]: () =>
        json({ items: [project({ id: 3, titulo: 'Um projeto antigo', status: 'CONCLUIDO' })], page: 2, pageSize: 20, hasMore: false }),
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    await screen.findByRole('article', { name: 'Em espera' });
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('article', { name: 'Um projeto antigo' })).toBeInTheDocument();
    expect(screen.getByText('Página 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
    expect(mockApi.calls().some((c) => c.url.endsWith('?page=2'))).toBe(true);
  });

  it('shows the empty state with a way to publish', async () => {
    loginCliente({ email: null });
    mockApi.routes({ [LIST]: () => json({ items: [], page: 1, pageSize: 20, hasMore: false }) });
    renderAt(`/projetos/${CLIENTE_ID}`);
    expect(await screen.findByText('Nenhum projeto encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Publicar projeto' })).toHaveAttribute('href', '/agendamento');
  });

  it("goes to the client's own list when the address has another id", async () => {
    loginCliente({ email: null });
    mockApi.routes({ [LIST]: () => json({ items: [], page: 1, pageSize: 20, hasMore: false }) });
    const { router } = renderAt('/projetos/99');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projetos/${CLIENTE_ID}`));
    await screen.findByText('Nenhum projeto encontrado.');
    expect(mockApi.calls().some((c) => c.url.includes('/requests/cliente/99'))).toBe(false);
  });
});
