import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Garantia } from '@tc/shared';
import { dialogButton, renderAt } from '../../test/render';
import { json, mockApi, paged } from '../../test/server';
import { loginAdmin, stubLayoutApis } from './test-utils';

configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:foto');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const claim = (over: Partial<Garantia>): Garantia => ({
  id: 5,
  requestId: 12,
  titulo: 'Tomadas da cozinha',
  descricao: 'A tomada aquece.',
  fotos: 0,
  estado: 'ABERTA',
  resposta: null,
  agendadoPara: null,
  respondidoEm: null,
  resolucao: null,
  fechadoEm: null,
  fechadoPorNome: null,
  criadoEm: '2026-03-05T10:00:00.000Z',
  concluidoEm: '2026-03-02T10:00:00.000Z',
  cliente: { id: 3, nome: 'Ana Sousa', contacto: '+351912345678', email: 'ana@exemplo.pt' },
  profissional: { id: 1, nome: 'João Ferreira', contacto: '+351916111222', email: 'joao@exemplo.pt' },
  ...over,
});

describe('Garantias (admin)', { timeout: 30_000 }, () => {
  it('is in the sidebar, filters by state, and closes a claim with the resolution', async () => {
    loginAdmin();
    stubLayoutApis();
    let closed = false;
    mockApi.routes({
      'GET /api/admin/garantias': (req) =>
        json(
          paged(
            req.query.get('estado') === 'FECHADA'
              ? [
                  claim({
                    id: 6,
                    titulo: 'Autoclismo',
                    estado: 'FECHADA',
                    resolucao: 'Resolvido na visita.',
                    fechadoEm: '2026-03-06T10:00:00.000Z',
                    fechadoPorNome: 'Helena Marques',
                  }),
                ]
              : [
                  claim(
                    closed
                      ? { estado: 'FECHADA', resolucao: 'Disjuntor trocado.', fechadoPorNome: 'Helena Marques', fechadoEm: '2026-03-07T10:00:00.000Z' }
                      : {},
                  ),
                  claim({ id: 7, titulo: 'Quadro', estado: 'CONTESTADA', resposta: 'Não fez parte do serviço.', respondidoEm: '2026-03-06T10:00:00.000Z' }),
                ],
          ),
        ),
      'PATCH /api/admin/garantias/5/fechar': () => {
        closed = true;
        return json(claim({ estado: 'FECHADA', resolucao: 'Disjuntor trocado.' }));
      },
    });
    renderAt('/listagem-garantias');
    expect(await screen.findByRole('heading', { level: 1, name: 'Garantias' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Administração' })).toContainElement(screen.getByRole('link', { name: 'Garantias' }));
    const item = await screen.findByRole('article', { name: 'Tomadas da cozinha' });
    expect(within(item).getByText('À espera do profissional')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'ana@exemplo.pt' })).toHaveAttribute('href', 'mailto:ana@exemplo.pt');
    expect(within(screen.getByRole('article', { name: 'Quadro' })).getByText('Não fez parte do serviço.')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(within(item).getByRole('button', { name: /^Encerrar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar pedido de garantia' });
    await user.click(await dialogButton(dialog, 'Encerrar pedido'));
    expect(await within(dialog).findByText('Escreva a resolução.')).toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/admin/garantias/5/fechar')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Resolução'), 'Disjuntor trocado.');
    // The error gives way to the count of characters, which the field names as its description.
    expect(within(dialog).queryByText('Escreva a resolução.')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Resolução')).toHaveAccessibleDescription('18/1000 caracteres');
    await user.click(await dialogButton(dialog, 'Encerrar pedido'));
    expect(await screen.findByText('Pedido de garantia encerrado.')).toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/admin/garantias/5/fechar')[0]!.body).toEqual({ resolucao: 'Disjuntor trocado.' });
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Tomadas da cozinha' })).getByText('Encerrada')).toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'Tomadas da cozinha' })).queryByRole('button', { name: /^Encerrar/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Estado'), 'FECHADA');
    expect(await screen.findByRole('article', { name: 'Autoclismo' })).toBeInTheDocument();
    expect(mockApi.calls().at(-1)!.query.get('estado')).toBe('FECHADA');
    expect(screen.getByText(/por Helena Marques/)).toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    loginAdmin();
    stubLayoutApis();
    let fail = true;
    mockApi.routes({ 'GET /api/admin/garantias': () => (fail ? json({ code: 'INTERNAL', message: 'Erro' }, 500) : json(paged([]))) });
    renderAt('/listagem-garantias');
    expect(await screen.findByText('Não foi possível carregar os pedidos de garantia.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Ainda não há pedidos de garantia.')).toBeInTheDocument();
  });
});
