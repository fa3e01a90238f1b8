import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELO_INFO } from '@tc/shared';
import { signedInAsClient, renderAt } from '../../test/render';
import { json, mockApi, paged } from '../../test/server';

const card = (id: number, nome: string, extra: object = {}) => ({
  id,
  nome,
  fotoUrl: null,
  notaMedia: 4.9,
  totalAvaliacoes: 12,
  especialidades: ['camaras-cctv'],
  especialidadesLabels: ['Câmaras de videovigilância (CCTV)'],
  cidade: 'Almada',
  bairro: 'Setúbal',
  verificado: true,
  selos: ['VERIFICADO', 'TOP_AVALIADO', 'DOMOTICA_EXPERT', 'RESPOSTA_RAPIDA'],
  especialidade: 'Câmaras de videovigilância (CCTV)',
  descricao: null,
  ...extra,
});

signedInAsClient();

describe('badges and their rules', () => {
  it('each badge on a search card is a button described by its rule; the tooltip opens on hover, focus and tap', async () => {
    mockApi.routes({ 'GET /api/profissional/see-all': () => paged([card(1, 'Marta Ribeiro'), card(2, 'Rui Pereira', { verificado: false, selos: [] })], 1) });
    renderAt('/profissionais');
    const marta = (await screen.findByRole('heading', { name: 'Marta Ribeiro' })).closest('li')!;
    const badges = within(marta).getByRole('list', { name: 'Selos' });
    const buttons = within(badges).getAllByRole('button');
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(['Verificado', 'Top Avaliado', 'Domótica Expert', 'Resposta rápida']);
    // Screen readers read the rule as the button's description, open or not.
    const top = within(marta).getByRole('button', { name: 'Top Avaliado' });
    expect(top).toHaveAccessibleDescription(SELO_INFO.TOP_AVALIADO.regra);
    expect(within(marta).getByRole('button', { name: 'Resposta rápida' })).toHaveAccessibleDescription(SELO_INFO.RESPOSTA_RAPIDA.regra);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // Nobody without badges shows one.
    const rui = screen.getByRole('heading', { name: 'Rui Pereira' }).closest('li')!;
    expect(within(rui).queryByRole('list', { name: 'Selos' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    // Hover (mouse).
    await user.hover(top);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Média de 4,8 estrelas ou mais em pelo menos 5 avaliações aprovadas nos últimos 12 meses.');
    await user.unhover(top);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // Keyboard: Tab to the badge opens it; Escape closes it; moving on opens the next one, leaving closes it.
    act(() => within(marta).getByRole('button', { name: 'Verificado' }).focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent(SELO_INFO.VERIFICADO.regra);
    await user.keyboard('{Escape}');
    await user.tab();
    expect(top).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(SELO_INFO.TOP_AVALIADO.regra);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent(SELO_INFO.DOMOTICA_EXPERT.regra);
    await user.tab();
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent(SELO_INFO.RESPOSTA_RAPIDA.regra);
    await user.tab();
    expect(within(marta).getByRole('link', { name: /^Ver/ })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('a tap opens the explanation and a tap elsewhere closes it (touch screens)', async () => {
    mockApi.routes({ 'GET /api/profissional/see-all': () => paged([card(1, 'Marta Ribeiro')], 1) });
    renderAt('/profissionais');
    const marta = (await screen.findByRole('heading', { name: 'Marta Ribeiro' })).closest('li')!;
    const domotica = within(marta).getByRole('button', { name: 'Domótica Expert' });
    // A tap: no hover, the press focuses and clicks.
    fireEvent.pointerDown(domotica, { pointerType: 'touch' });
    domotica.focus();
    fireEvent.click(domotica);
    expect(screen.getByRole('tooltip')).toHaveTextContent(SELO_INFO.DOMOTICA_EXPERT.regra);
    // A second tap on the same badge keeps it open (it never flickers closed on the focus + click pair).
    fireEvent.pointerDown(domotica, { pointerType: 'touch' });
    fireEvent.click(domotica);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    // A tap elsewhere closes it.
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('the same badges, explained, on the profile', async () => {
    mockApi.routes({
      'GET /api/profissional/7': () => json({ ...card(7, 'Sofia Almeida', { selos: ['VERIFICADO', 'RESPOSTA_RAPIDA'] }), telefone: null, contato: null }),
      'GET /api/profissional/7/garantias': { profissionalId: 7, acionadas: 0, aceites: 0, contestadas: 0, semResposta: 0 },
      'GET /api/review/profissional/7': () => paged([], 1),
    });
    renderAt('/profissionais/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofia Almeida' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Selos' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Verificado', 'Resposta rápida']);
    expect(within(list).getByRole('button', { name: 'Verificado' })).toHaveAccessibleDescription(SELO_INFO.VERIFICADO.regra);
    await userEvent.setup().hover(within(list).getByRole('button', { name: 'Resposta rápida' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent(SELO_INFO.RESPOSTA_RAPIDA.regra);
  });
});
