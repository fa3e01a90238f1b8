import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeToken, renderAt } from '../test/render';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('route guard', () => {
  it.each([
    ['/areadocliente/menu', '/areadocliente/login'],
    ['/areadoprofissional/chamados-agendados', '/areadoprofissional/login'],
    ['/listagem-reviews', '/login'],
    ['/conta/editar-perfil', '/areadocliente/login'],
  ])('sends %s to %s and remembers the origin', async (from, to) => {
    const { router } = renderAt(from);
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe(to);
    expect(router.state.location.state).toEqual({ from });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a live client token through to a client route', async () => {
    sessionStorage.setItem('token', fakeToken());
    const { router } = renderAt('/areadocliente/menu');
    await screen.findByRole('heading', { name: 'Área do Cliente' });
    expect(router.state.location.pathname).toBe('/areadocliente/menu');
  });

  it('treats an expired token as no token', async () => {
    sessionStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) - 10));
    const { router } = renderAt('/agendamento');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe('/areadocliente/login');
  });

  it('accepts a professional token on /conta', async () => {
    sessionStorage.setItem('token_profissional', fakeToken());
    const { router } = renderAt('/conta');
    await screen.findByRole('heading', { name: 'Minha Conta' });
    expect(router.state.location.pathname).toBe('/conta');
  });

  it('entry redirect goes to the menu when a session exists', async () => {
    sessionStorage.setItem('token_profissional', fakeToken());
    const { router } = renderAt('/areadoprofissional');
    await screen.findByRole('heading', { name: 'Área do Profissional' });
    expect(router.state.location.pathname).toBe('/areadoprofissional/menu');
  });
});
