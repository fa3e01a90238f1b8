import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogButton, fakeToken, renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { PUBLISH_LOGIN_REASON } from './login-page';

beforeEach(() => {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('ResizeObserver', Observer);
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('smooth first steps: the project typed on the home page survives log-in or registration', () => {
  it('home title → log-in page says why → "Criar conta" → registration → profile → "Postagem do Projeto" filled in, still signed in', async () => {
    const token = fakeToken();
    mockApi.routes({
      'POST /api/cliente/register': () => json({ id: 42, access_token: token }, 201),
      'PUT /api/cliente/complete-profile': () => json({ id: 42, telefone: '+351912345678', fotoUrl: null }),
      'GET /api/cliente/account/marta%40exemplo.pt': () =>
        json({ id: 42, nome: 'Marta', email: 'marta@exemplo.pt', telefone: '+351912345678', fotoUrl: null, emailConfirmado: false }),
    });
    const { router } = renderAt('/');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Qual é o título do seu projeto?'), 'Instalar tomadas na cozinha');
    await user.click(screen.getByRole('button', { name: /Publicar projeto/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/login'));

    // The log-in page says why, shows the project kept, and offers a clear "Criar conta".
    expect(await screen.findByText(PUBLISH_LOGIN_REASON)).toBeInTheDocument();
    expect(screen.getByText(/«Instalar tomadas na cozinha» fica guardado/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cadastro-cliente'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cadastro do Cliente' })).toBeInTheDocument();
    expect(screen.getByText(/«Instalar tomadas na cozinha» fica guardado/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nome'), 'Marta Nogueira');
    await user.type(screen.getByLabelText('Email'), 'marta@exemplo.pt');
    await user.type(screen.getByLabelText('Senha', { exact: true }), 'Casa#Segura2026');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os Termos e Condições e a Política de Privacidade' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/completar-perfil'));

    await user.type(await screen.findByLabelText('Telefone'), '912345678');
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deu certo!' });
    await user.click(await dialogButton(dialog, 'Continuar'));

    // No second log-in: straight to the project form, the title filled in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento'));
    expect(await screen.findByLabelText('Título')).toHaveValue('Instalar tomadas na cozinha');
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('redirect')).toBeNull();
    expect(mockApi.calls(undefined, '/api/auth/login')).toHaveLength(0);
  });

  it('a service chosen on a card: log in → the form with the title and the specialty', async () => {
    const token = fakeToken();
    mockApi.routes({
      'POST /api/auth/login': () => json({ id: 3, access_token: token }),
      'GET /api/cliente/account/ana.sousa%40exemplo.pt': () =>
        json({ id: 3, nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt', telefone: '+351912345678', fotoUrl: null, emailConfirmado: true }),
    });
    const { router } = renderAt('/');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Que serviço precisa? (Serviços Elétricos)'), 'tomadas');
    const cardEl = screen.getAllByRole('article').find((a) => a.textContent?.includes('Serviços Elétricos'))!;
    await user.click(within(cardEl).getByRole('button', { name: 'Escolher Projeto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/login'));
    expect(await screen.findByText(PUBLISH_LOGIN_REASON)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana.sousa@exemplo.pt');
    await user.type(screen.getByLabelText('Senha', { exact: true }), 'Segura#123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento'));
    expect(await screen.findByLabelText('Título')).toHaveValue('Tomadas e interruptores');
    expect(screen.getByLabelText('Especialidade')).toHaveValue('tomadas-interruptores');
  });
});
