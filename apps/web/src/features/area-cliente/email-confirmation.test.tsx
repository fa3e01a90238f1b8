import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { CLIENTE_ID, loginCliente, project } from './test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const TOKEN = '3.1900000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const CONFIRM = `POST /api/cliente/confirmar-email?t=${encodeURIComponent(TOKEN)}`;
const account = (emailConfirmado: boolean) => ({
  id: CLIENTE_ID,
  fotoUrl: null,
  nome: 'Ana Sousa',
  email: 'ana.sousa@exemplo.pt',
  telefone: null,
  bio: null,
  emailConfirmado,
});

describe('/confirmar-email (the link of the e-mail)', () => {
  it('confirms once and says "E-mail confirmado"; a visitor is offered the log-in with the e-mail', async () => {
    mockApi.routes({ [CONFIRM]: () => json({ email: 'ana.sousa@exemplo.pt', jaConfirmado: false, confirmadoEm: '2026-11-20T10:00:00.000Z' }) });
    renderAt(`/confirmar-email?t=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail confirmado' })).toBeInTheDocument();
    expect(screen.getByText('ana.sousa@exemplo.pt')).toBeInTheDocument();
    expect(screen.getByText(/seguem para aprovação/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sessão' })).toHaveAttribute('href', '/areadocliente/login');
    expect(mockApi.calls('POST', `/api/cliente/confirmar-email?t=${encodeURIComponent(TOKEN)}`)).toHaveLength(1);
  });

  it('a signed-in client goes on to the projects', async () => {
    loginCliente();
    mockApi.routes({ [CONFIRM]: () => json({ email: 'ana.sousa@exemplo.pt', jaConfirmado: true, confirmadoEm: '2026-11-20T10:00:00.000Z' }) });
    renderAt(`/confirmar-email?t=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail confirmado' })).toBeInTheDocument();
    expect(screen.getByText(/já estava confirmado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver os meus projetos' })).toHaveAttribute('href', `/projetos/${CLIENTE_ID}`);
  });

  it("shows the server's reason for a bad or expired link, and offers a new one to a signed-in client", async () => {
    loginCliente();
    mockApi.routes({
      [CONFIRM]: () =>
        json({ code: 'CONFIRMATION_EXPIRED', message: 'Este link de confirmação expirou. Inicie sessão e peça um novo e-mail de confirmação.' }, 400),
      'POST /api/cliente/reenviar-confirmacao': () => json({ message: 'Enviámos um novo e-mail de confirmação.', email: 'ana.sousa@exemplo.pt' }),
    });
    renderAt(`/confirmar-email?t=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Não foi possível confirmar o e-mail' })).toBeInTheDocument();
    expect(screen.getByText('Este link de confirmação expirou. Inicie sessão e peça um novo e-mail de confirmação.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    expect(await screen.findByText('Enviámos um novo e-mail de confirmação.')).toBeInTheDocument();
    expect(mockApi.calls('POST', '/api/cliente/reenviar-confirmacao')).toHaveLength(1);
  });

  it('without a token says the link is not valid and calls nothing', async () => {
    renderAt('/confirmar-email');
    expect(await screen.findByText('Este link de confirmação não é válido. Inicie sessão e peça um novo e-mail de confirmação.')).toBeInTheDocument();
    expect(mockApi.calls()).toEqual([]);
  });
});

describe('the project waits for the e-mail (Os meus projetos)', () => {
  it('says "Confirme o seu e-mail…" with a resend button while unconfirmed', async () => {
    loginCliente();
    mockApi.routes({
      'GET /api/cliente/account/ana.sousa%40exemplo.pt': () => json(account(false)),
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=1`]: () => json({ items: [project({ status: 'ESPERA' })], page: 1, pageSize: 20, hasMore: false }),
      'POST /api/cliente/reenviar-confirmacao': () => json({ message: 'Enviámos um novo e-mail de confirmação.', email: 'ana.sousa@exemplo.pt' }),
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    const notice = await screen.findByRole('region', { name: 'Confirme o seu e-mail para o projeto seguir para aprovação' });
    expect(notice).toHaveTextContent('ana.sousa@exemplo.pt');
    // The card itself does not claim the team is reviewing it.
    expect(screen.getByText('À espera da confirmação do seu e-mail: só depois segue para aprovação.')).toBeInTheDocument();
    expect(screen.queryByText(/A nossa equipa está a rever/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    expect(await screen.findByText('Enviámos um novo e-mail de confirmação.')).toBeInTheDocument();
    await waitFor(() => expect(mockApi.calls('POST', '/api/cliente/reenviar-confirmacao')).toHaveLength(1));
  });

  it('says nothing once confirmed', async () => {
    loginCliente();
    mockApi.routes({
      'GET /api/cliente/account/ana.sousa%40exemplo.pt': () => json(account(true)),
      [`GET /api/requests/cliente/${CLIENTE_ID}?page=1`]: () =>
        json({ items: [project({ status: 'ESPERA', titulo: 'Quadro novo' })], page: 1, pageSize: 20, hasMore: false }),
    });
    renderAt(`/projetos/${CLIENTE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Quadro novo' })).toBeInTheDocument();
    expect(screen.queryByText('Confirme o seu e-mail para o projeto seguir para aprovação')).not.toBeInTheDocument();
    expect(screen.getByText('A nossa equipa está a rever o projeto antes de o mostrar aos profissionais.')).toBeInTheDocument();
  });
});
