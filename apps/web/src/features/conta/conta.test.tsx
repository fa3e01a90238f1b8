import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogButton, dialogReady, fakeToken, renderAt } from '../../test/render';
import { json, mockApi, notFound } from '../../test/server';

const TOKEN_KEY = { cliente: 'token', profissional: 'token_profissional' } as const;

function login(tipo: 'cliente' | 'profissional', email: string, id = 5) {
  sessionStorage.setItem(TOKEN_KEY[tipo], fakeToken());
  localStorage.setItem('tipo', tipo);
  localStorage.setItem('email', email);
  localStorage.setItem('id', String(id));
}

const conta = (extra: object = {}) => ({
  id: 5,
  fotoUrl: null,
  nome: 'Ana Sousa',
  email: 'ana.sousa@exemplo.pt',
  telefone: '+351912345678',
  bio: null,
  ...extra,
});

// The sections under the account (e-mail preferences, a professional's emergencies) have their own
// tests: here they answer 404, as a section that failed to load.
beforeEach(() => mockApi.routes({ 'GET /api/notificacoes/preferencias': notFound, 'GET /api/profissional/urgencias': notFound }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('/conta', () => {
  it('shows a client account and its menu', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    mockApi.routes({ 'GET /api/cliente/account/*': () => conta() });
    renderAt('/conta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha Conta' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ana Sousa' })).toBeInTheDocument();
    expect(screen.getByText('ana.sousa@exemplo.pt')).toBeInTheDocument();
    expect(screen.getByText('+351 912 345 678')).toBeInTheDocument();
    expect(screen.queryByText('Bio')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voltar ao menu/ })).toHaveAttribute('href', '/areadocliente/menu');
    expect(screen.getByRole('link', { name: 'Editar Perfil' })).toHaveAttribute('href', '/conta/editar-perfil');
    expect(screen.getByRole('link', { name: 'Alterar Senha' })).toHaveAttribute('href', '/conta/alterar-senha');
    expect(mockApi.calls()[0]!.path).toBe('/api/cliente/account/ana.sousa%40exemplo.pt');
    expect(mockApi.calls()[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows a professional account with bio, phone missing', async () => {
    login('profissional', 'joao.ferreira@exemplo.pt', 9);
    mockApi.routes({
      'GET /api/profissional/account/*': () =>
        conta({ id: 9, nome: 'João Ferreira', email: 'joao.ferreira@exemplo.pt', telefone: null, bio: 'Eletricista certificado.' }),
    });
    renderAt('/conta');
    expect(await screen.findByRole('heading', { name: 'João Ferreira' })).toBeInTheDocument();
    expect(screen.getByText('Eletricista certificado.')).toBeInTheDocument();
    expect(screen.getByText('Não informado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voltar ao menu/ })).toHaveAttribute('href', '/areadoprofissional/menu');
  });

  it('refuses an unknown stored tipo', async () => {
    sessionStorage.setItem('token', fakeToken());
    localStorage.setItem('tipo', 'admin');
    localStorage.setItem('email', 'x@exemplo.pt');
    renderAt('/conta');
    expect(await screen.findByText('Tipo de usuário inválido')).toBeInTheDocument();
    expect(mockApi.calls()).toEqual([]);
  });

  it('says when the e-mail is missing', async () => {
    sessionStorage.setItem('token', fakeToken());
    localStorage.setItem('tipo', 'cliente');
    renderAt('/conta');
    expect(await screen.findByText('Dados de autenticação ausentes')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    mockApi.routes({ 'GET /api/cliente/account/*': () => json({ code: 'FORBIDDEN', message: 'x' }, 403) });
    renderAt('/conta');
    expect(await screen.findByText('Erro ao carregar informações do usuário')).toBeInTheDocument();
  });

  it('Sair da Conta clears the storage and goes to the login of the type', async () => {
    login('profissional', 'joao.ferreira@exemplo.pt', 9);
    localStorage.setItem('tituloProjeto', 'x');
    mockApi.routes({ 'GET /api/profissional/account/*': () => conta({ nome: 'João Ferreira' }) });
    const { router } = renderAt('/conta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sair da Conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/login'));
    // The session is forgotten when this page unmounts, a render after the (lazy) login route commits.
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(sessionStorage.length).toBe(0);
  });

  it('eliminates the account after the password, showing the server message when wrong', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    mockApi.routes({
      'GET /api/cliente/account/*': () => conta(),
      'DELETE /api/cliente/delete-account': (req) =>
        req.json().senha === 'Certa#2026'
          ? { message: 'Conta eliminada.' }
          : json({ code: 'WRONG_PASSWORD', message: 'A senha atual não está correta.', fields: { senha: 'A senha atual não está correta.' } }, 400),
    });
    const { router } = renderAt('/conta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar conta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/permanente/)).toBeInTheDocument();
    await user.type((await dialogReady(dialog)).getByLabelText('Senha'), 'Errada#2026');
    await user.click(await dialogButton(dialog, 'Eliminar conta'));
    expect(await within(dialog).findByText('A senha atual não está correta.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Senha'));
    await user.type(within(dialog).getByLabelText('Senha'), 'Certa#2026');
    await user.click(await dialogButton(dialog, 'Eliminar conta'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Conta eliminada.')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(mockApi.calls('DELETE')).toHaveLength(2);
  });

  it('downloads my data as os-meus-dados.json', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    mockApi.routes({ 'GET /api/cliente/account/*': () => conta(), 'GET /api/cliente/export-data': () => ({ conta: { nome: 'Ana Sousa' } }) });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('os-meus-dados.json');
    });
    renderAt('/conta');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Descarregar os meus dados' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exp = mockApi.calls('GET', '/api/cliente/export-data')[0]!;
    expect(exp.headers.authorization).toMatch(/^Bearer /);
    click.mockRestore();
  });
});

describe('/conta/alterar-senha', () => {
  it('shows the validation messages and sends nothing', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    renderAt('/conta/alterar-senha');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Informe sua senha atual')).toBeInTheDocument();
    expect(screen.getByText('Informe a nova senha')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova Senha'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('A nova senha deve ter no mínimo 8 caracteres')).toBeInTheDocument();
    expect(mockApi.calls()).toEqual([]);
  });

  it('puts the wrong-current-password message under Senha Atual', async () => {
    login('profissional', 'joao.ferreira@exemplo.pt', 9);
    mockApi.routes({
      'PUT /api/profissional/change-password': () =>
        json({ code: 'WRONG_PASSWORD', message: 'A senha atual não está correta.', fields: { senhaAtual: 'A senha atual não está correta.' } }, 400),
    });
    renderAt('/conta/alterar-senha');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Senha Atual'), 'Errada#2026');
    await user.type(screen.getByLabelText('Nova Senha'), 'Nova#Senha2026');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Erro ao alterar a senha!')).toBeInTheDocument();
    expect(mockApi.calls()[0]!.body).toEqual({ id: 9, senhaAtual: 'Errada#2026', novaSenha: 'Nova#Senha2026' });
    await user.click(await dialogButton(dialog, 'OK'));
    expect(screen.getByLabelText('Senha Atual')).toHaveAccessibleDescription('A senha atual não está correta.');
  });

  it('changes the password and returns to /conta', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    mockApi.routes({ 'PUT /api/cliente/change-password': () => ({ message: 'Senha alterada com sucesso!' }), 'GET /api/cliente/account/*': () => conta() });
    const { router } = renderAt('/conta/alterar-senha');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Senha Atual'), 'Demo#2026');
    await user.type(screen.getByLabelText('Nova Senha'), 'Nova#Senha2026');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta'));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
  });

  it('says the user is not authenticated when the id is missing', async () => {
    sessionStorage.setItem('token', fakeToken());
    localStorage.setItem('tipo', 'cliente');
    renderAt('/conta/alterar-senha');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Senha Atual'), 'Demo#2026');
    await user.type(screen.getByLabelText('Nova Senha'), 'Nova#Senha2026');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByRole('heading', { name: 'Usuário não autenticado.' })).toBeInTheDocument();
    expect(mockApi.calls()).toEqual([]);
  });
});

describe('/conta/editar-perfil', () => {
  it('prefills, shows Salvando... while saving, stores a changed e-mail and returns to /conta', async () => {
    login('profissional', 'joao.ferreira@exemplo.pt', 9);
    let finish!: () => void;
    mockApi.routes({
      'GET /api/profissional/account/*': () => conta({ id: 9, nome: 'João Ferreira', email: 'joao.ferreira@exemplo.pt', bio: 'Bio antiga' }),
      'PUT /api/profissional/edit-profile': () =>
        new Promise((r) => {
          finish = () => r(conta({ id: 9, nome: 'João F.', email: 'joao.novo@exemplo.pt', bio: 'Bio nova' }));
        }),
    });
    const { router } = renderAt('/conta/editar-perfil');
    const user = userEvent.setup();
    const nome = await screen.findByLabelText('Nome');
    expect(nome).toHaveValue('João Ferreira');
    expect(screen.getByLabelText('Bio')).toHaveValue('Bio antiga');
    // The current password is asked only once the e-mail differs.
    expect(screen.queryByLabelText('Senha atual')).toBeNull();
    await user.clear(nome);
    await user.type(nome, 'João F.');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'joao.novo@exemplo.pt');
    await user.type(await screen.findByLabelText('Senha atual'), 'Segura#123');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const busy = await screen.findByRole('button', { name: /Salvando\.\.\./ });
    expect(busy).toBeDisabled();
    // The request reaches the server a few ticks after the button turns busy.
    await waitFor(() => expect(mockApi.calls('PUT')).toHaveLength(1));
    const form = mockApi.calls('PUT')[0]!.form!;
    expect(form.get('id')).toBe('9');
    expect(form.get('nome')).toBe('João F.');
    expect(form.get('email')).toBe('joao.novo@exemplo.pt');
    expect(form.get('telefone')).toBe('+351912345678');
    expect(form.get('bio')).toBe('Bio antiga');
    expect(form.get('senhaAtual')).toBe('Segura#123');
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta'));
    expect(localStorage.getItem('email')).toBe('joao.novo@exemplo.pt');
  });

  it('has no Bio for a client and shows the e-mail-in-use failure', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    mockApi.routes({
      'GET /api/cliente/account/*': () => conta(),
      'PUT /api/cliente/edit-profile': () => json({ code: 'EMAIL_TAKEN', message: 'Já existe uma conta com este email.' }, 409),
    });
    renderAt('/conta/editar-perfil');
    const user = userEvent.setup();
    await screen.findByLabelText('Nome');
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Erro' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Erro ao atualizar o perfil\./)).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'OK'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Já existe uma conta com este email.');
  });

  it('refuses a non-numeric stored id', async () => {
    login('cliente', 'ana.sousa@exemplo.pt');
    localStorage.setItem('id', 'abc');
    mockApi.routes({ 'GET /api/cliente/account/*': () => conta() });
    renderAt('/conta/editar-perfil');
    const user = userEvent.setup();
    await screen.findByLabelText('Nome');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ID inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('Faça login novamente.')).toBeInTheDocument();
    expect(mockApi.calls('PUT')).toHaveLength(0);
  });
});
