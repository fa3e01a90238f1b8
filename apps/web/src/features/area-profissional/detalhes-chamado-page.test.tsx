import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, dialogButton } from '../../test/render';
import { json, mockApi, notFound } from '../../test/server';
import { job, loginProfissional } from './test-utils';

// The first render loads the lazy route chunk, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const applied = job({ contato: '+351 912 000 111', jaCandidatado: true, candidaturas: 3, cliente: { nome: 'Rui Costa', email: 'rui.costa@exemplo.pt' } });

describe('Detalhes do chamado', () => {
  it('loads the job by id and hides the contact until applying', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/requests/3': () => json(job()),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 150 }),
    });
    renderAt('/areadoprofissional/detalhes-chamado/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fuga de água na casa de banho' })).toBeInTheDocument();
    expect(screen.getByText('Rui Costa')).toBeInTheDocument();
    expect(screen.getByText('2/5 candidaturas')).toBeInTheDocument();
    expect(screen.getByText('10 créditos')).toBeInTheDocument();
    expect(screen.getByText('Porto, Matosinhos')).toBeInTheDocument();
    expect(screen.getAllByText('Disponível após candidatura')).toHaveLength(2);
  });

  it('confirms with the price and the balance, applies once, then shows the contact', async () => {
    loginProfissional();
    let current = job();
    mockApi.routes({
      'GET /api/requests/3': () => json(current),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: current.jaCandidatado ? 140 : 150 }),
      'POST /api/creditos/usar': async () => {
        await new Promise((r) => setTimeout(r, 20));
        current = applied;
        return json(
          {
            id: 9,
            requestId: 3,
            creditosGastos: 10,
            creditosRestantes: 140,
            criadoEm: '2026-03-03T10:00:00.000Z',
            contato: '+351 912 000 111',
            cliente: { nome: 'Rui Costa', email: 'rui.costa@exemplo.pt' },
            message: 'ok',
          },
          201,
        );
      },
    });
    renderAt('/areadoprofissional/detalhes-chamado/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Candidatar-se' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirmar candidatura' });
    expect(await within(confirm).findByText('Vai gastar 10 créditos. Saldo atual: 150 → 140.')).toBeInTheDocument();
    const go = within(confirm).getByRole('button', { name: 'Confirmar candidatura' });
    await user.dblClick(go);
    const ok = await screen.findByRole('dialog', { name: 'Candidatura enviada com sucesso!' });
    expect(within(ok).getByText('Os contatos do cliente foram liberados para você.')).toBeInTheDocument();
    const posts = mockApi.calls('POST', '/api/creditos/usar');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ requestId: 3, profissionalId: 1 });
    await user.click(await dialogButton(ok, 'OK'));
    expect(await screen.findByRole('link', { name: '+351 912 000 111' })).toHaveAttribute('href', 'tel:+351912000111');
    expect(screen.getByRole('link', { name: 'rui.costa@exemplo.pt' })).toHaveAttribute('href', 'mailto:rui.costa@exemplo.pt');
    expect(screen.queryByText('Disponível após candidatura')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Candidatura enviada' })).toBeDisabled();
  });

  it('with too few credits says so and links to the plans instead of confirming', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/requests/3': () => json(job({ creditos: 20 })),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 5 }),
    });
    renderAt('/areadoprofissional/detalhes-chamado/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Candidatar-se' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Créditos insuficientes' });
    expect(within(dialog).getByText('Esta candidatura custa 20 créditos e o seu saldo é de 5 créditos.')).toBeInTheDocument();
    expect(within(dialog).getByText('Créditos insuficientes. Compre um plano para se candidatar.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Comprar créditos' })).toHaveAttribute('href', '/creditos');
    expect(within(dialog).queryByRole('button', { name: 'Confirmar candidatura' })).not.toBeInTheDocument();
    expect(mockApi.calls('POST', '/api/creditos/usar')).toHaveLength(0);
  });

  it('shows the server message when applying fails', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/requests/3': () => json(job()),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 150 }),
      'POST /api/creditos/usar': () => json({ code: 'PROJECT_FULL', message: 'Este projeto já tem 5 candidaturas e não aceita mais.' }, 409),
    });
    renderAt('/areadoprofissional/detalhes-chamado/3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Candidatar-se' }));
    const confirm = await screen.findByRole('alertdialog');
    await within(confirm).findByText(/Saldo atual/);
    await user.click(await dialogButton(confirm, 'Confirmar candidatura'));
    const err = await screen.findByRole('dialog', { name: 'Erro ao se candidatar' });
    expect(within(err).getByText('Este projeto já tem 5 candidaturas e não aceita mais.')).toBeInTheDocument();
  });

  it('shows the contact straight away for a job already applied to, and blocks a second application', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/requests/2': () => json({ ...applied, id: 2 }),
      'GET /api/subscriptions/credito/1': () => json({ creditosRestantes: 140 }),
    });
    renderAt('/areadoprofissional/detalhes-chamado/2');
    expect(await screen.findByRole('link', { name: 'rui.costa@exemplo.pt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Candidatura enviada' })).toBeDisabled();
  });

  it('says when the job does not exist', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/requests/99': () => json({ code: 'NOT_FOUND', message: 'Chamado não encontrado.' }, 404),
      'GET /api/subscriptions/credito/1': notFound,
    });
    renderAt('/areadoprofissional/detalhes-chamado/99');
    expect(await screen.findByText('Chamado não encontrado.')).toBeInTheDocument();
  });

  it('says when the professional is not identified', async () => {
    loginProfissional({ id: null });
    renderAt('/areadoprofissional/detalhes-chamado/3');
    expect(await screen.findByText('Profissional não identificado.')).toBeInTheDocument();
    await waitFor(() => expect(mockApi.calls('GET', '/api/requests/3')).toHaveLength(0));
  });
});
