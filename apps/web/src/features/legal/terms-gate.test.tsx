import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMOS_VERSAO } from '@tc/shared/catalogue/legal';
import { dialogButton, dialogReady, fakeToken, renderAt } from '../../test/render';
import { json, mockApi, notFound } from '../../test/server';

/** The API as the browser sees it: log-in says whether the terms must be accepted; the rest answers 404. */
function mockLogIn(termosPorAceitar: boolean, token = fakeToken()) {
  mockApi.routes({
    'POST /api/auth/login': () => json({ id: 7, access_token: token, ...(termosPorAceitar ? { termosPorAceitar: true } : {}) }),
    'POST /api/termos/aceitar': () => json({ versao: TERMOS_VERSAO, aceiteEm: '2026-11-24T10:00:00.000Z' }),
  });
  // The pages behind the dialog show their error state; they are not what is tested here.
  mockApi.otherwise(notFound);
  return { token };
}

/** The calls to the route that records the acceptance. */
const accepts = () =>
  mockApi.calls(undefined, '/api/termos/aceitar').map((c) => ({ method: c.method, path: c.path, body: c.body, auth: c.headers.authorization ?? null }));

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  // Generous first wait: the log-in page is a lazy chunk, slow to arrive on a busy machine.
  await user.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'joao@exemplo.pt');
  await user.type(screen.getByLabelText('Senha', { exact: true }), 'Segura#123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('a newer terms version is asked for after log-in', () => {
  it('the log-in answer says termosPorAceitar: a blocking dialog (focus inside, Esc does nothing) → "Aceitar" calls the route and closes it', async () => {
    const { token } = mockLogIn(true);
    const { router } = renderAt('/areadoprofissional/login');
    const user = userEvent.setup();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/menu'));

    const dialog = await screen.findByRole('dialog', { name: 'Termos e Condições atualizados' }, { timeout: 15_000 });
    expect(dialog).toHaveAccessibleDescription(/Para continuar a usar a sua conta, leia-os e aceite a nova versão/);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (const [name, href] of [
      [/Termos e Condições/, '/termos'],
      [/Política de Privacidade/, '/privacidade'],
    ] as const) {
      const link = within(dialog).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
    // The page behind is hidden from screen readers, and Tab stays inside the dialog.
    expect(screen.queryByRole('navigation', { name: 'Principal' })).not.toBeInTheDocument();
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Termos e Condições atualizados' })).toBeInTheDocument();
    expect(accepts()).toEqual([]);

    await user.click(await dialogButton(dialog, 'Aceitar'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Termos e Condições atualizados' })).not.toBeInTheDocument());
    expect(accepts()).toEqual([{ method: 'POST', path: '/api/termos/aceitar', body: { versao: TERMOS_VERSAO }, auth: `Bearer ${token}` }]);
    expect(sessionStorage.getItem('termosPorAceitar')).toBeNull();
    expect(router.state.location.pathname).toBe('/areadoprofissional/menu');
  });

  it('no dialog when the log-in answer has nothing to accept', async () => {
    mockLogIn(false);
    const { router } = renderAt('/areadoprofissional/login');
    const user = userEvent.setup();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadoprofissional/menu'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: 'Termos e Condições atualizados' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('termosPorAceitar')).toBeNull();
    expect(accepts()).toEqual([]);
  });

  it('stands aside in "Minha Conta" (export and deletion stay possible without accepting); "Sair" ends the session', async () => {
    mockLogIn(true);
    const { router } = renderAt('/areadocliente/login');
    const user = userEvent.setup();
    await logIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'Termos e Condições atualizados' });
    await user.click((await dialogReady(dialog)).getByRole('link', { name: 'Minha Conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conta'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Termos e Condições atualizados' })).not.toBeInTheDocument());

    await act(() => router.navigate('/areadocliente/menu'));
    const again = await screen.findByRole('dialog', { name: 'Termos e Condições atualizados' });
    await user.click(await dialogButton(again, 'Sair'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/login'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Termos e Condições atualizados' })).not.toBeInTheDocument());
    expect(sessionStorage.length).toBe(0);
  });
});
