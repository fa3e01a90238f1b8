import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, dialogButton } from '../../test/render';
import { json, mockApi, notFound } from '../../test/server';
import { loginCliente, stubCarouselApis } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const PUT = 'PUT /api/cliente/complete-profile';

async function fillPhone(user: ReturnType<typeof userEvent.setup>) {
  const input = await screen.findByLabelText('Telefone');
  await user.type(input, '912345678');
}

describe('Completar Perfil (cliente)', () => {
  it('needs the phone', async () => {
    loginCliente();
    renderAt('/areadocliente/completar-perfil');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Concluir registo' }));
    expect(await screen.findByText('Telefone é obrigatório')).toBeInTheDocument();
    expect(mockApi.calls()).toEqual([]);
  });

  it('without a stored id says so and sends nothing', async () => {
    renderAt('/areadocliente/completar-perfil');
    const user = userEvent.setup();
    await fillPhone(user);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ID inválido. Faça login novamente.')).toBeInTheDocument();
    expect(mockApi.calls()).toEqual([]);
  });

  it('refuses a photo over 10 MB before sending', async () => {
    loginCliente();
    const { container } = renderAt('/areadocliente/completar-perfil');
    const user = userEvent.setup();
    await fillPhone(user);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, big);
    expect(await screen.findByText('A imagem deve ter até 10MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    expect(mockApi.calls()).toEqual([]);
  });

  it('sends id, phone and photo, then stays signed in and opens the client area (decision 0011)', async () => {
    loginCliente();
    stubCarouselApis();
    mockApi.routes({
      [PUT]: () => json({ id: 3, fotoUrl: '/api/files/x.webp', nome: 'Ana', email: 'a@b.pt', telefone: '+351912345678' }),
      // The client area it then opens is not what is tested.
      'GET /api/cliente/account/ana.sousa%40exemplo.pt': notFound,
      'GET /api/requests/cliente/3': notFound,
    });
    const { router, container } = renderAt('/areadocliente/completar-perfil');
    const user = userEvent.setup();
    await fillPhone(user);
    const photo = new File(['png'], 'eu.png', { type: 'image/png' });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, photo);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deu certo!' });
    expect(within(dialog).getByText('Cadastro completo!')).toBeInTheDocument();
    const calls = mockApi.calls('PUT', '/api/cliente/complete-profile');
    expect(calls).toHaveLength(1);
    const form = calls[0]!.form!;
    expect(form.get('id')).toBe('3');
    expect(form.get('telefone')).toBe('+351912345678');
    expect((form.get('foto') as File).name).toBe('eu.png');
    await user.click(await dialogButton(dialog, 'Continuar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/menu'));
    expect(sessionStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('clienteId')).toBe('3');
  });

  it('with a project started on the home page, opens it next, filled in', async () => {
    loginCliente();
    localStorage.setItem('redirect', 'true');
    localStorage.setItem('tituloProjeto', 'Trocar tomadas da cozinha');
    mockApi.routes({
      [PUT]: () => json({ id: 3, fotoUrl: null, telefone: '+351912345678' }),
      // The project form it then opens is not what is tested.
      'GET /api/cliente/account/ana.sousa%40exemplo.pt': notFound,
    });
    const { router } = renderAt('/areadocliente/completar-perfil');
    const user = userEvent.setup();
    await fillPhone(user);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deu certo!' });
    await user.click(await dialogButton(dialog, 'Continuar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento'));
    expect(await screen.findByLabelText('Título')).toHaveValue('Trocar tomadas da cozinha');
    expect(localStorage.getItem('redirect')).toBeNull();
  });

  it('shows the client failure text and the field message from the server', async () => {
    loginCliente();
    mockApi.routes({
      [PUT]: () =>
        json(
          {
            code: 'IMAGE_INVALID',
            message: 'O ficheiro tem de ser uma imagem (JPEG, PNG, WebP ou AVIF).',
            fields: { foto: 'O ficheiro tem de ser uma imagem (JPEG, PNG, WebP ou AVIF).' },
          },
          400,
        ),
    });
    const { router } = renderAt('/areadocliente/completar-perfil');
    const user = userEvent.setup();
    await fillPhone(user);
    await user.click(screen.getByRole('button', { name: 'Concluir registo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erro!' });
    expect(within(dialog).getByText('O seu registo nao foi concluido, tente novamente!')).toBeInTheDocument();
    await user.click(await dialogButton(dialog, 'OK'));
    expect(await screen.findByText('O ficheiro tem de ser uma imagem (JPEG, PNG, WebP ou AVIF).')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/areadocliente/completar-perfil');
    expect(screen.getByLabelText('Telefone')).toHaveValue('+351 912 345 678');
  });
});
