/**
 * Issue 12 (polish that earns trust): the menu closes with Esc, focus lands on the new page's heading
 * after a navigation, dialogs give focus back to what opened them, and the back office has its own
 * frame (no public header, footer or sign-up links).
 */
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageDialog } from '../components/ui/message-dialog';
import { fakeToken, renderAt, dialogButton } from '../test/render';
import { json, mockApi, notFound } from '../test/server';
import { loginAdmin } from '../features/admin/test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('mobile menu', () => {
  it('Esc closes the open menu and puts focus back on the menu button', async () => {
    renderAt('/comofunciona');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Abrir menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Into the menu's links, then Esc.
    screen.getByRole('navigation', { name: 'Principal' }).querySelector('a')!.focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAccessibleName('Abrir menu');
    expect(button).toHaveFocus();
  });
});

describe('focus after navigation', () => {
  it('is not moved on the first load, then goes to the new page\u2019s heading after a link is followed', async () => {
    const { router } = renderAt('/creditos');
    const first = await screen.findByRole('heading', { level: 1, name: 'Planos de Créditos' });
    expect(first).not.toHaveFocus();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Como funciona' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/comofunciona'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Como funciona' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('follows a heading that arrives with the page\u2019s data (the profile after its loading state)', async () => {
    sessionStorage.setItem('token', fakeToken());
    localStorage.setItem('tipo', 'cliente');
    let answer: (r: Response) => void = () => {};
    mockApi.routes({
      'GET /api/profissional/7': () =>
        new Promise<Response>((ok) => {
          answer = ok;
        }),
      // The rest of the profile is not what is tested: it fails to load.
      'GET /api/profissional/7/garantias': notFound,
      'GET /api/review/profissional/7': notFound,
    });
    const { router } = renderAt('/creditos');
    await screen.findByRole('heading', { level: 1, name: 'Planos de Créditos' });
    await router.navigate('/profissionais/7');
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    answer(
      json({
        id: 7,
        nome: 'Sofia Almeida',
        fotoUrl: null,
        notaMedia: 4.8,
        especialidades: ['tomadas'],
        especialidadesLabels: ['Tomadas e interruptores'],
        cidade: 'Faro',
        bairro: 'Faro',
        verificado: true,
        selos: ['VERIFICADO'],
        telefone: '+351912345678',
        contato: '+351912345678',
        descricao: 'Eletricista.',
        especialidade: 'Tomadas e interruptores',
      }),
    );
    const name = await screen.findByRole('heading', { level: 1, name: 'Sofia Almeida' });
    await waitFor(() => expect(name).toHaveFocus());
  });
});

describe('dialogs', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <main id="conteudo">
        <h1>Página</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Abrir aviso
        </button>
        <MessageDialog open={open} kind="warning" title="Aviso" text="Texto." onClose={() => setOpen(false)} />
      </main>
    );
  }

  it('give focus back to the button that opened them, whether closed by their button or by Esc', async () => {
    render(<Opener />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Abrir aviso' });
    await user.click(opener);
    await user.click(await dialogButton(await screen.findByRole('dialog', { name: 'Aviso' }), 'OK'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Aviso' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('the back office frame', () => {
  const publicShell = () => {
    expect(screen.queryByRole('navigation', { name: 'Principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Área do Cliente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  };

  it('"Novo administrador" is a back-office screen: sidebar, no public header or footer, no "Já tem conta? Entrar"', async () => {
    loginAdmin();
    renderAt('/cadastro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo administrador' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Administração' });
    expect(within(nav).getByRole('link', { name: 'Novo administrador' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('form', { name: 'Registo de administrador' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Já tem conta? Entrar' })).not.toBeInTheDocument();
    publicShell();
  });

  it('the admin log-in and the admin screens show no public header or footer either', async () => {
    const { unmount } = renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrador' })).toBeInTheDocument();
    publicShell();
    unmount();

    loginAdmin();
    mockApi.routes({ 'GET /api/requests/all': () => json({ items: [], page: 1, pageSize: 10, hasMore: false }) });
    renderAt('/listagem-projetos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projetos' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Administração' })).toBeInTheDocument();
    publicShell();
  });

  it('the public pages keep their header and footer', async () => {
    renderAt('/comofunciona');
    await screen.findByRole('heading', { level: 1, name: 'Como funciona' });
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
