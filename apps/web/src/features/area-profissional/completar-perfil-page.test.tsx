import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, dialogButton } from '../../test/render';
import { mockApi } from '../../test/server';
import { dashboardNotFound, FakeXhr, loginProfissional } from './test-utils';

// The first render loads the lazy route chunk, which can take over a second on a busy machine.
// Typing and uploading through user-event is slow on a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const png = (name: string, size = 3) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function fillAll(user: ReturnType<typeof userEvent.setup>, { consent = true } = {}) {
  await user.upload(await screen.findByLabelText('Fotografia de perfil'), png('eu.png'));
  await user.upload(screen.getByLabelText('Cartão de Cidadão (frente)'), png('frente.png'));
  await user.upload(screen.getByLabelText('Cartão de Cidadão (verso)'), png('verso.png'));
  await user.type(screen.getByLabelText('Telefone'), '912345678');
  await user.type(screen.getByLabelText('Bio (opcional)'), 'Canalizador há 10 anos.');
  await user.click(screen.getByRole('checkbox', { name: 'Desentupimentos' }));
  await user.click(screen.getByRole('checkbox', { name: 'Autoclismos' }));
  if (consent) await user.click(screen.getByRole('checkbox', { name: /Autorizo o tratamento/ }));
}

describe('Completar Perfil (profissional)', { timeout: 20_000 }, () => {
  it('marks every required field, the consent included, and sends nothing', async () => {
    loginProfissional();
    FakeXhr.install();
    renderAt('/areadoprofissional/completar-perfil');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Concluir registo' }));
    expect(await screen.findByText('Telefone é obrigatório')).toBeInTheDocument();
    expect(screen.getAllByText('Este campo é obrigatório')).toHaveLength(3);
    expect(screen.getByText('Selecione ao menos uma especialidade')).toBeInTheDocument();
    expect(screen.getByText('Tem de autorizar o tratamento da cópia do Cartão de Cidadão.')).toBeInTheDocument();
    expect(screen.getByText('0 selecionadas')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(mockApi.calls()).toEqual([]);
  });

  it('without the consent, everything else filled, still sends nothing', async () => {
    loginProfissional();
    FakeXhr.install();
    renderAt('/areadoprofissional/completar-perfil');
    const user = userEvent.setup({ delay: null });
    await fillAll(user, { consent: false });
    expect(screen.getByText('2 selecionadas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    expect(await screen.findByText('Tem de autorizar o tratamento da cópia do Cartão de Cidadão.')).toBeInTheDocument();
    expect(screen.getByText(/Lei n\.º 7\/2007/)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses an image over 10 MB', async () => {
    loginProfissional();
    FakeXhr.install();
    renderAt('/areadoprofissional/completar-perfil');
    const user = userEvent.setup({ delay: null });
    await fillAll(user);
    await user.upload(screen.getByLabelText('Cartão de Cidadão (verso)'), png('grande.png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('A imagem deve ter até 10MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('without a stored id says so and sends nothing', async () => {
    loginProfissional({ id: null });
    FakeXhr.install();
    renderAt('/areadoprofissional/completar-perfil');
    const user = userEvent.setup({ delay: null });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ID inválido. Faça login novamente.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads the multipart form with the token, then stays signed in on the dashboard', async () => {
    loginProfissional();
    // The dashboard it then opens is not what is tested: its sections answer 404.
    mockApi.routes(dashboardNotFound());
    FakeXhr.install({ status: 200, body: { id: 1, fotoUrl: '/api/files/x.webp', especialidades: ['desentupimentos'], verificacao: 'PENDENTE' } });
    const { router } = renderAt('/areadoprofissional/completar-perfil');
    const user = userEvent.setup({ delay: null });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deu certo!' });
    expect(within(dialog).getByText('Cadastro completo!')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/profissional/complete-profile');
    expect(xhr.headers.authorization).toMatch(/^Bearer /);
    const form = xhr.body as FormData;
    expect(form.get('id')).toBe('1');
    expect(form.get('telefone')).toBe('+351912345678');
    expect(form.get('bio')).toBe('Canalizador há 10 anos.');
    expect(form.getAll('especialidades[]')).toEqual(['desentupimentos', 'autoclismos']);
    expect(form.get('consentimento')).toBe('true');
    expect((form.get('fotoPerfil') as File).name).toBe('eu.png');
    expect((form.get('ccFrente') as File).name).toBe('frente.png');
    expect((form.get('ccVerso') as File).name).toBe('verso.png');
    await user.click(await dialogButton(dialog, 'Continuar'));
    // Stays signed in (decision 0011): the professional area opens on the dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/menu'));
    expect(sessionStorage.getItem('token_profissional')).not.toBeNull();
  });

  it('on failure shows the error dialog and the field message, keeping what was typed', async () => {
    loginProfissional();
    const msg = 'O ficheiro tem de ser uma imagem (JPEG, PNG, WebP ou AVIF).';
    FakeXhr.install({ status: 400, body: { code: 'IMAGE_INVALID', message: msg, fields: { ccFrente: msg } } });
    const { router } = renderAt('/areadoprofissional/completar-perfil');
    const user = userEvent.setup({ delay: null });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(within(dialog).getByText('O seu registo não foi concluído, tente novamente!')).toBeInTheDocument();
    expect(within(dialog).getByText(msg)).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'OK'));
    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/areadoprofissional/completar-perfil');
    expect(screen.getByLabelText('Telefone')).toHaveValue('+351 912 345 678');
    expect(screen.getByLabelText('Bio (opcional)')).toHaveValue('Canalizador há 10 anos.');
    expect(screen.getByRole('checkbox', { name: 'Desentupimentos' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Autorizo o tratamento/ })).toBeChecked();
  });
});
