import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMOS_M } from '@tc/shared/schemas/termos';
import { fakeToken, renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { TERMS_CHECKBOX_LABEL } from './terms-checkbox';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('sign-up: "Li e aceito os Termos e Condições e a Política de Privacidade"', () => {
  it('client: the box is required (pt-PT message, nothing sent); ticked, the form sends aceitaTermos: true', async () => {
    mockApi.post('/api/cliente/register', () => json({ id: 5, access_token: fakeToken() }, 201));
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
    expect(mockApi.calls()).toEqual([]);

    // The two documents open in a new tab, so what was typed stays.
    const form = screen.getByRole('form', { name: 'Cadastro do Cliente' });
    for (const [name, href] of [
      ['Termos e Condições', '/termos'],
      ['Política de Privacidade', '/privacidade'],
    ]) {
      const link = within(form).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }

    await user.click(box);
    await waitFor(() => expect(screen.queryByText(TERMOS_M.obrigatorio)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/completar-perfil'));
    const [first] = mockApi.calls();
    expect(first!.url).toBe('/api/cliente/register');
    expect(first!.body).toEqual({ nome: 'Marta Nogueira', email: 'marta@exemplo.pt', senha: 'Casa#Segura2026', aceitaTermos: true });
  });

  it('professional: the box is required too', async () => {
    renderAt('/cadastro-profissional');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar conta de profissional' }, { timeout: 15_000 }));
    expect(await screen.findByText(TERMOS_M.obrigatorio)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: TERMS_CHECKBOX_LABEL })).not.toBeChecked();
    expect(mockApi.calls()).toEqual([]);
  });

  it("shows the server's refusal under the box when the API says the terms were not accepted", async () => {
    mockApi.post('/api/cliente/register', () =>
      json({ code: 'VALIDATION', message: TERMOS_M.obrigatorio, fields: { aceitaTermos: TERMOS_M.obrigatorio } }, 400),
    );
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
