import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { mockApi } from '../../test/server';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('login form', () => {
  it('shows the spec validation messages and sends nothing', async () => {
    renderAt('/areadocliente/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@exemplo.p');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(mockApi.calls()).toEqual([]);
  });

  it('admin login uses its own messages', async () => {
    renderAt('/login');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Administrador' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail é obrigatório')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Senha', { exact: true }), '123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('A senha deve ter no mínimo 8 caracteres')).toBeInTheDocument();
  });

  it('disables the button while sending, so a double click logs in once', async () => {
    let resolve!: (r: Response) => void;
    mockApi.routes({
      'POST /api/auth/login': () => new Promise<Response>((r) => (resolve = r)),
      // The dashboard it then opens is not what is tested: its requests stay unanswered.
      'GET /api/*': () => new Promise<Response>(() => {}),
    });
    const { router } = renderAt('/areadoprofissional/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'joao@exemplo.pt');
    await user.type(screen.getByLabelText('Senha', { exact: true }), 'Segura#123');
    const button = screen.getByRole('button', { name: 'Entrar' });
    await user.dblClick(button);
    await waitFor(() => expect(screen.getByRole('button', { name: /A entrar/ })).toBeDisabled());
    // The request reaches the server a few ticks after the button turns busy.
    await waitFor(() => expect(mockApi.calls()).toHaveLength(1));
    expect(mockApi.calls()[0]!.url).toBe('/api/auth/login');
    expect(mockApi.calls()[0]!.body).toEqual({ email: 'joao@exemplo.pt', senha: 'Segura#123', tipo: 'profissional' });
    const token = `${btoa('{}')}.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 60 }))}.x`;
    resolve(new Response(JSON.stringify({ id: 7, access_token: token }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/menu'));
    expect(sessionStorage.getItem('token_profissional')).toBe(token);
    expect(mockApi.calls('POST', '/api/auth/login')).toHaveLength(1);
    expect(localStorage.getItem('profissionalId')).toBe('7');
    expect(localStorage.getItem('tipo')).toBe('profissional');
  });

  it('shows the spec failure text on wrong credentials', async () => {
    mockApi.post(
      '/api/auth/login',
      () => new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Erro ao fazer login. Verifique os dados.' }), { status: 401 }),
    );
    renderAt('/areadocliente/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ana@exemplo.pt');
    await user.type(screen.getByLabelText('Senha', { exact: true }), 'Errada#123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const alerts = await screen.findAllByText('Erro ao fazer login. Verifique os dados.');
    expect(alerts.length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a visitor who started a project is told why, sees the project kept and a "Criar conta" link', async () => {
    localStorage.setItem('redirect', 'true');
    localStorage.setItem('tituloProjeto', 'Reparar fuga na cozinha');
    renderAt('/areadocliente/login');
    expect(await screen.findByText('Inicie sessão ou crie uma conta para publicar o seu projeto.')).toBeInTheDocument();
    expect(screen.getByText('O seu projeto «Reparar fuga na cozinha» fica guardado e abre já preenchido a seguir.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/cadastro-cliente');
    expect(screen.queryByText('Entre para publicar projetos e acompanhar os profissionais.')).not.toBeInTheDocument();
  });

  it('without a started project: the usual lead and registration link, no message', async () => {
    renderAt('/areadocliente/login');
    expect(await screen.findByText('Entre para publicar projetos e acompanhar os profissionais.')).toBeInTheDocument();
    expect(screen.queryByText('Inicie sessão ou crie uma conta para publicar o seu projeto.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ainda não tem conta? Registe-se' })).toBeInTheDocument();
  });

  it("fills in the e-mail this browser knows for the role (e.g. after registering), not another role's", async () => {
    localStorage.setItem('tipo', 'cliente');
    localStorage.setItem('email', 'marta@exemplo.pt');
    renderAt('/areadocliente/login');
    expect(await screen.findByLabelText('Email')).toHaveValue('marta@exemplo.pt');
    cleanup();
    renderAt('/areadoprofissional/login');
    expect(await screen.findByLabelText('Email')).toHaveValue('');
  });
});
