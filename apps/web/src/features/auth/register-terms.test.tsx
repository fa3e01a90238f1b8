import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMOS_M } from '@tc/shared/schemas/termos';
import { fakeToken, renderAt } from '../../test/render';
import { TERMS_CHECKBOX_LABEL } from './terms-checkbox';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('sign-up: "Li e aceito os Termos e Condições e a Política de Privacidade"', () => {
  it('client: the box is required (pt-PT message, nothing sent); ticked, the form sends aceitaTermos: true', async () => {
    const fetchSpy = vi.fn(async () => json({ id: 5, access_token: fakeToken() }, 201));
    vi.stubGlobal('fetch', fetchSpy);
    const { router } = renderAt('/cadastro-cliente');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome', {}, { timeout: 15_000 }), 'Marta Nogueira');
    await user.type(screen.getByLabelText('Email'), 'marta@exemplo.pt');
    await user.type(screen.getByLabelText('Senha', { exact: true }), 'Casa#Segura2026');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText(TERMOS_M.obrigatorio)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: TERMS_CHECKBOX_LABEL });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(/novo separador.*Para criar conta, tem de aceitar/);
    expect(fetchSpy).not.toHaveBeenCalled();

    // The two documents open in a new tab, so what was typed stays.
    const form = screen.getByRole('form', { name: 'Cadastro do Cliente' });
    for (const [name, href] of [['Termos e Condições', '/termos'], ['Política de Privacidade', '/privacidade']]) {
      const link = within(form).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }

    await user.click(box);
    await waitFor(() => expect(screen.queryByText(TERMOS_M.obrigatorio)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/completar-perfil'));
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cliente/register');
    expect(JSON.parse(init.body as string)).toEqual({ nome: 'Marta Nogueira', email: 'marta@exemplo.pt', senha: 'Casa#Segura2026', aceitaTermos: true });
  });

  it('professional: the box is required too', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderAt('/cadastro-profissional');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar conta de profissional' }, { timeout: 15_000 }));
    expect(await screen.findByText(TERMOS_M.obrigatorio)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: TERMS_CHECKBOX_LABEL })).not.toBeChecked();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the box when the API says the terms were not accepted", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 'VALIDATION', message: TERMOS_M.obrigatorio, fields: { aceitaTermos: TERMOS_M.obrigatorio } }, 400)));
    renderAt('/cadastro-cliente');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome', {}, { timeout: 15_000 }), 'Marta Nogueira');
    await user.type(screen.getByLabelText('Email'), 'marta@exemplo.pt');
    await user.type(screen.getByLabelText('Senha', { exact: true }), 'Casa#Segura2026');
    await user.click(screen.getByRole('checkbox', { name: TERMS_CHECKBOX_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(TERMOS_M.obrigatorio)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: TERMS_CHECKBOX_LABEL })).toHaveAttribute('aria-invalid', 'true');
  });
});
