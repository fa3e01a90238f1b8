import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER } from '@tc/shared';
import { renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { loginProfissional } from './test-utils';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

const receipt = (over: Record<string, unknown> = {}) => ({
  numero: 'TC-2026-000123',
  pagamentoId: 123,
  pagoEm: '2026-12-31T23:30:00.000Z',
  plano: 'elite',
  planoNome: 'Elite',
  creditos: 150,
  totalCentimos: 12000,
  baseCentimos: 9756,
  ivaCentimos: 2244,
  taxaIva: 23,
  metodo: 'mb_way',
  provider: 'stripe',
  referencia: 'cs_test_a1b2c3',
  nif: '501964843',
  faturacaoNome: 'Eletro Ferreira, Lda.',
  faturacaoMorada: 'Rua das Flores, 12\n4050-262 Porto',
  cliente: { nome: 'João Ferreira', email: 'joao.ferreira@exemplo.pt' },
  vendedor: SELLER,
  ...over,
});

/** Text with the non-breaking spaces Intl puts in euros read as plain spaces. */
const plain = (el: Element) => el.textContent?.replace(/\s/g, ' ');
const dd = (dl: HTMLElement, term: string) => plain(within(dl).getByText(term, { selector: 'dt' }).nextElementSibling!);

describe('Recibo (/recibo/:id)', () => {
  it('shows the receipt: number, date, seller, buyer with NIF, plan, base, VAT, total, method and reference; prints', async () => {
    loginProfissional();
    mockApi.routes({ 'GET /api/pagamentos/123/recibo': () => json(receipt()) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/recibo/123');
    const doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(within(doc).getByText('TC-2026-000123')).toBeInTheDocument();
    // Lisbon date, four-digit year.
    expect(within(doc).getAllByText('31/12/2026').length).toBeGreaterThan(0);
    expect(document.title).toBe('Recibo TC-2026-000123 · Técnico Certo');
    expect(within(doc).getByText(SELLER.designacao)).toBeInTheDocument();
    expect(within(doc).getByText(/ilustrativa/)).toBeInTheDocument();

    const buyer = within(doc).getByRole('region', { name: 'Cliente' });
    const buyerDl = buyer.querySelector('dl') as HTMLElement;
    expect(dd(buyerDl, 'Nome')).toBe('Eletro Ferreira, Lda.');
    expect(dd(buyerDl, 'NIF')).toBe('501 964 843');
    expect(dd(buyerDl, 'Morada')).toBe('Rua das Flores, 12\n4050-262 Porto'.replace(/\s/g, ' '));

    const compra = within(doc).getByRole('region', { name: 'Compra' });
    const line = within(compra).getAllByRole('row')[1]!;
    expect(plain(line)).toBe('Plano Elite: créditos para candidaturas a projetos150120,00 €');
    const totals = compra.querySelector('.receipt-totals') as HTMLElement;
    expect(dd(totals, 'Base tributável')).toBe('97,56 €');
    expect(dd(totals, 'IVA (23 %)')).toBe('22,44 €');
    expect(dd(totals, 'Total pago')).toBe('120,00 €');

    const pay = within(doc).getByRole('region', { name: 'Pagamento' }).querySelector('dl') as HTMLElement;
    expect(dd(pay, 'Data do pagamento')).toBe('31/12/2026, 23:30');
    expect(dd(pay, 'Forma de pagamento')).toBe('MB WAY');
    expect(dd(pay, 'Referência do pagamento')).toBe('cs_test_a1b2c3');
    expect(dd(pay, 'N.º da compra')).toBe('123');
    expect(within(doc).getByText(/não serve de fatura/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Imprimir ou guardar em PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('without billing details: the account holder, no NIF', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/pagamentos/9/recibo': () =>
        json(
          receipt({
            pagamentoId: 9,
            numero: 'TC-2026-000009',
            nif: null,
            faturacaoNome: null,
            faturacaoMorada: null,
            provider: 'demo',
            metodo: 'card',
            totalCentimos: 100,
            baseCentimos: 81,
            ivaCentimos: 19,
          }),
        ),
    });
    renderAt('/recibo/9');
    const buyer = await screen.findByRole('region', { name: 'Cliente' });
    const dl = buyer.querySelector('dl') as HTMLElement;
    expect(dd(dl, 'Nome')).toBe('João Ferreira');
    expect(dd(dl, 'NIF')).toBe('Não indicado');
    expect(within(dl).queryByText('Morada')).not.toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Compra' }).querySelector('.receipt-totals') as HTMLElement;
    expect(dd(totals, 'Base tributável')).toBe('0,81 €');
    expect(dd(totals, 'IVA (23 %)')).toBe('0,19 €');
    expect(screen.getByText('Cartão de crédito ou débito (demonstração)')).toBeInTheDocument();
  });

  it('says when there is no receipt (unpaid or someone else’s), without retrying or printing', async () => {
    loginProfissional();
    mockApi.routes({
      'GET /api/pagamentos/5/recibo': () => json({ code: 'RECEIPT_UNAVAILABLE', message: 'O recibo fica disponível quando o pagamento for confirmado.' }, 404),
    });
    renderAt('/recibo/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('O recibo fica disponível quando o pagamento for confirmado.');
    expect(screen.getByRole('heading', { level: 1, name: 'Recibo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Imprimir/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/pagamentos/5/recibo')).toHaveLength(1);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Área do Profissional' })).toHaveAttribute('href', '/areadoprofissional/menu');
  });
});
