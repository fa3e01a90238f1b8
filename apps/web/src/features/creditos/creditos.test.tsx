import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, dialogButton } from '../../test/render';
import { externalRedirect } from './redirect';
import { json, mockApi, notFound } from '../../test/server';
import { loginProfissional, payment, PROF_ID } from './test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

/** "120,00 €" with the non-breaking space Intl puts before the symbol. */
const euros = (text: string) => (_: string, el: Element | null) => !!el && el.children.length === 0 && el.textContent?.replace(/\s/g, ' ') === text;

/** The checkout's balance line is not what these tests look at: it fails to load. */
const balanceNotRead = { [`GET /api/subscriptions/credito/${PROF_ID}`]: notFound };

describe('Planos de Créditos (/creditos)', () => {
  it('shows the four plans in euros, with Elite highlighted', async () => {
    renderAt('/creditos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Planos de Créditos' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    const expected = [
      ['Básico', '1,00 €', '20 créditos', 'basico'],
      ['Poupança', '60,00 €', '60 créditos', 'poupanca'],
      ['Profissional', '90,00 €', '100 créditos', 'profissional'],
      ['Elite', '120,00 €', '150 créditos', 'elite'],
    ];
    expected.forEach(([nome, preco, creditos, value], i) => {
      const card = within(cards[i]!);
      expect(card.getByRole('heading', { name: nome })).toBeInTheDocument();
      expect(card.getByText(euros(preco!))).toBeInTheDocument();
      expect(card.getByText(creditos!)).toBeInTheDocument();
      expect(card.getByRole('link', { name: /Selecionar/ })).toHaveAttribute('href', `/checkout/${value}`);
    });
    expect(screen.queryByText(/R\$/)).not.toBeInTheDocument();
    const elite = screen.getByRole('article', { name: 'Elite' });
    expect(elite).toHaveClass('plan-card-featured');
    expect(within(elite).getByText('Mais popular')).toBeInTheDocument();
    expect(screen.getAllByText('Mais popular')).toHaveLength(1);
    expect(screen.getByText(/complexidade do projeto/)).toBeInTheDocument();
    expect(screen.getByText(/máximo 5 profissionais/)).toBeInTheDocument();
    expect(screen.getByText(/não expiram\.$/)).toBeInTheDocument();
  });
});

describe('Checkout (/checkout/:plano)', () => {
  it('refuses anyone without a professional session', async () => {
    renderAt('/checkout/elite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acesso negado' })).toBeInTheDocument();
    expect(screen.getByText('Apenas profissionais podem adquirir créditos.')).toBeInTheDocument();
    const main = within(screen.getByRole('region', { name: 'Acesso negado' }));
    expect(main.getByRole('link', { name: 'Entrar como profissional' })).toHaveAttribute('href', '/areadoprofissional/login');
    expect(main.getByRole('link', { name: 'Registar como profissional' })).toHaveAttribute('href', '/cadastro-profissional');
  });

  it('says when the plan does not exist', async () => {
    loginProfissional();
    renderAt('/checkout/platina');
    expect(await screen.findByText('Nenhum plano selecionado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pagamento · Técnico Certo'));
    expect(screen.getByRole('link', { name: 'Escolher um plano' })).toHaveAttribute('href', '/creditos');
  });

  it('asks for a payment method before sending anything', async () => {
    loginProfissional();
    mockApi.routes({ [`GET /api/subscriptions/credito/${PROF_ID}`]: () => json({ creditosRestantes: 10 }) });
    renderAt('/checkout/elite');
    const summary = await screen.findByRole('region', { name: 'Resumo da compra' });
    // "Pagamento", not "Checkout" (issues 9 and 12), on the page and in the tab.
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pagamento · Técnico Certo'));
    expect(screen.queryByText(/checkout/i)).not.toBeInTheDocument();
    expect(within(summary).getByText('Elite')).toBeInTheDocument();
    expect(within(summary).getByText(euros('120,00 €'))).toBeInTheDocument();
    expect(within(summary).getByText(/IVA incluído/)).toBeInTheDocument();
    expect(await within(summary).findByText('160 créditos')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Forma de pagamento' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Selecione um método' })).toBeInTheDocument();
    expect(within(dialog).getByText('Escolha uma forma de pagamento.')).toBeInTheDocument();
    expect(mockApi.calls('POST', '/api/stripe/checkout')).toHaveLength(0);
  });

  it('starts the checkout with the chosen method and goes to the returned url', async () => {
    loginProfissional();
    const go = vi.spyOn(externalRedirect, 'go').mockImplementation(() => {});
    mockApi.routes({
      [`GET /api/subscriptions/credito/${PROF_ID}`]: () => json({ creditosRestantes: 0 }),
      'POST /api/stripe/checkout': () => json({ url: '/pagamento-demo/12', pagamentoId: 12 }),
    });
    renderAt('/checkout/elite');
    await userEvent.click(await screen.findByRole('radio', { name: /MB WAY/ }));
    const button = screen.getByRole('button', { name: 'Confirmar pagamento' });
    await userEvent.dblClick(button);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/pagamento-demo/12'));
    const posts = mockApi.calls('POST', '/api/stripe/checkout');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ pacote: 'Elite', valor: '12000', profissionalId: PROF_ID, metodo: 'mb_way' });
    expect(posts[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows the server message, or an error when no url comes back', async () => {
    loginProfissional();
    const go = vi.spyOn(externalRedirect, 'go').mockImplementation(() => {});
    let answer = json({ code: 'FORBIDDEN', message: 'Apenas profissionais podem adquirir créditos.' }, 403);
    mockApi.routes({ 'POST /api/stripe/checkout': () => answer, ...balanceNotRead });
    renderAt('/checkout/basico');
    await userEvent.click(await screen.findByRole('radio', { name: /Multibanco/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Apenas profissionais podem adquirir créditos.')).toBeInTheDocument();
    await userEvent.click(await dialogButton(screen.getByRole('dialog'), 'OK'));
    answer = json({ pagamentoId: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Não foi possível iniciar o pagamento. Tente novamente.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('Checkout: dados de faturação', () => {
  const start = () => {
    loginProfissional();
    const go = vi.spyOn(externalRedirect, 'go').mockImplementation(() => {});
    return go;
  };

  it('refuses a NIF with a wrong check digit next to the field, sends nothing, and sends the corrected details', async () => {
    const go = start();
    mockApi.routes({ 'POST /api/stripe/checkout': () => json({ url: '/pagamento-demo/12', pagamentoId: 12 }), ...balanceNotRead });
    renderAt('/checkout/elite');
    const billing = await screen.findByRole('group', { name: /Dados de faturação/ });
    await userEvent.click(screen.getByRole('radio', { name: /Cartão/ }));
    const nif = within(billing).getByRole('textbox', { name: 'NIF' });
    await userEvent.type(nif, '123456780');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    const message = 'Este NIF não é válido: o último algarismo (de controlo) não corresponde aos outros. Confirme o número.';
    expect(await within(billing).findByRole('alert')).toHaveTextContent(message);
    expect(nif).toHaveAttribute('aria-invalid', 'true');
    expect(nif).toHaveAccessibleDescription(message);
    expect(nif).toHaveFocus();
    expect(mockApi.calls('POST', '/api/stripe/checkout')).toHaveLength(0);

    // Typing clears the message; a wrong length is explained on leaving the field.
    await userEvent.clear(nif);
    expect(within(billing).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(nif, '12345');
    await userEvent.tab();
    expect(await within(billing).findByRole('alert')).toHaveTextContent('O NIF tem 9 algarismos (por exemplo, 123456789).');

    await userEvent.clear(nif);
    await userEvent.type(nif, 'PT 501 964 843');
    await userEvent.type(within(billing).getByRole('textbox', { name: 'Nome ou empresa' }), 'Eletro Ferreira, Lda.');
    await userEvent.type(within(billing).getByRole('textbox', { name: 'Morada' }), 'Rua das Flores, 12');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/pagamento-demo/12'));
    const posts = mockApi.calls('POST', '/api/stripe/checkout');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      pacote: 'Elite',
      valor: '12000',
      profissionalId: PROF_ID,
      metodo: 'card',
      nif: '501964843',
      faturacaoNome: 'Eletro Ferreira, Lda.',
      faturacaoMorada: 'Rua das Flores, 12',
    });
  });

  it('shows the server verdict on a billing field next to that field', async () => {
    const go = start();
    const message = 'Este NIF não existe: confirme os primeiros algarismos.';
    mockApi.routes({ 'POST /api/stripe/checkout': () => json({ code: 'VALIDATION', message, fields: { nif: message } }, 400), ...balanceNotRead });
    renderAt('/checkout/basico');
    await userEvent.click(await screen.findByRole('radio', { name: /MB WAY/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    const nif = screen.getByRole('textbox', { name: 'NIF' });
    await waitFor(() => expect(nif).toHaveAccessibleDescription(message));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('Pagamento de demonstração (/pagamento-demo/:id)', () => {
  it('shows the payment, confirms it and goes to /sucesso', async () => {
    loginProfissional();
    let current = payment({ metodo: 'multibanco' });
    mockApi.routes({
      'GET /api/pagamentos/12': () => json(current),
      'POST /api/pagamentos/demo/12/confirmar': () => {
        current = payment({ metodo: 'multibanco', estado: 'PAGO', pagoEm: '2026-03-02T10:05:00.000Z' });
        return json(current);
      },
      [`GET /api/subscriptions/credito/${PROF_ID}`]: () => json({ creditosRestantes: 170 }),
    });
    const { router } = renderAt('/pagamento-demo/12');
    expect(await screen.findByText('Pagamento de demonstração: nenhum valor é cobrado.')).toBeInTheDocument();
    expect(await screen.findByText('Multibanco', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('999 000 012')).toBeInTheDocument();
    expect(screen.getByText('00000')).toBeInTheDocument();
    expect(screen.getAllByText(euros('120,00 €')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento (demonstração)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sucesso'));
    expect(router.state.location.search).toBe('?pagamento=12');
    expect(mockApi.calls('POST', '/api/pagamentos/demo/12/confirmar')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento aprovado' })).toBeInTheDocument();
    expect(await screen.findByText('170 créditos')).toBeInTheDocument();
  });

  it('cancels and goes to /cancelado', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/pagamentos/12': () => json(payment()),
      'POST /api/pagamentos/demo/12/cancelar': () => json(payment({ estado: 'CANCELADO' })),
    });
    const { router } = renderAt('/pagamento-demo/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancelado'));
    expect(mockApi.calls('POST', '/api/pagamentos/demo/12/cancelar')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Compra cancelada' })).toBeInTheDocument();
  });

  it('says when the payment is already closed', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/pagamentos/12': () => json(payment({ estado: 'CANCELADO' })) });
    renderAt('/pagamento-demo/12');
    expect(await screen.findByText(/Este pagamento foi cancelado/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar pagamento (demonstração)' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a Área do Profissional' })).toHaveAttribute('href', '/areadoprofissional/menu');
  });
});

describe('Resultado do pagamento', () => {
  it('/sucesso without a purchase claims no payment', async () => {
    renderAt('/sucesso');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compra de créditos' })).toBeInTheDocument();
    expect(screen.queryByText('Pagamento aprovado')).not.toBeInTheDocument();
    expect(screen.getByText('Não há nenhuma compra para mostrar nesta página.')).toBeInTheDocument();
  });

  it('/sucesso says a pending payment is being processed', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/pagamentos/12': () => json(payment({ metodo: 'multibanco' })) });
    renderAt('/sucesso?pagamento=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento em processamento' })).toBeInTheDocument();
    expect(screen.getByText(/assim que o banco confirmar/)).toBeInTheDocument();
  });

  it('/sucesso checks a pending payment again until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      loginProfissional();
      let estado = 'PENDENTE';
      mockApi.routes({
        'GET /api/pagamentos/12': () => json(payment({ metodo: 'multibanco', estado })),
        [`GET /api/subscriptions/credito/${PROF_ID}`]: () => json({ creditosRestantes: 300 }),
      });
      renderAt('/sucesso?pagamento=12');
      expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento em processamento' })).toBeInTheDocument();
      estado = 'PAGO';
      await vi.advanceTimersByTimeAsync(3_100);
      expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento aprovado' })).toBeInTheDocument();
      expect(await screen.findByText('300 créditos')).toBeInTheDocument();
      const polls = mockApi.calls('GET', '/api/pagamentos/12').length;
      await vi.advanceTimersByTimeAsync(6_100);
      expect(mockApi.calls('GET', '/api/pagamentos/12')).toHaveLength(polls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('/cancelado reassures nothing was charged', async () => {
    renderAt('/cancelado');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compra cancelada' })).toBeInTheDocument();
    expect(screen.getByText('nenhum valor foi cobrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos planos de créditos' })).toHaveAttribute('href', '/creditos');
  });
});
