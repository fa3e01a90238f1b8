import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIF_MESSAGES, SELLER } from '@tc/shared';
import { adminSession, createTestApp, registerAndLogin, type TestApp } from '../../test/harness';
import { RECIBO_NAO_ENCONTRADO, RECIBO_POR_PAGAR } from './recibos.service';

type Prof = Awaited<ReturnType<typeof registerAndLogin>>;

describe('checkout billing details and receipts (demo provider)', () => {
  let t: TestApp;
  // Real time, except while a test pins it (the receipt's date and number come from the payment time).
  let pinned: Date | null = null;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => pinned ?? new Date() } });
  });
  afterAll(() => t.close());

  const checkout = (p: Prof, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { metodo: 'card', ...payload } });
  const confirm = (p: Prof, id: number) => t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${id}/confirmar`, headers: p.auth });
  const receipt = (auth: Record<string, string>, id: number) => t.app.inject({ method: 'GET', url: `/api/pagamentos/${id}/recibo`, headers: auth });
  const purchases = async (p: Prof) =>
    ((await t.app.inject({ method: 'GET', url: `/api/pagamentos/profissional/${p.id}`, headers: p.auth })).json() as { items: unknown[] }).items;

  it('refuses an invalid NIF with a pt-PT message and creates nothing', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    for (const [nif, message] of [
      ['123456780', NIF_MESSAGES.controlo],
      ['12345678', NIF_MESSAGES.formato],
      ['PT12345678X', NIF_MESSAGES.formato],
      ['412345670', NIF_MESSAGES.prefixo],
    ] as const) {
      const res = await checkout(p, { pacote: 'Elite', nif, faturacaoNome: 'Eletro Lda.' });
      expect(res.statusCode, nif).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', message, fields: { nif: message } });
    }
    const long = await checkout(p, { pacote: 'Elite', faturacaoMorada: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A morada de faturação pode ter no máximo 300 caracteres.');
    expect(await purchases(p)).toEqual([]);
  });

  it('keeps the billing details with the payment and puts them on the receipt, with base and VAT split exactly', async () => {
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'João Ferreira' });
    const res = await checkout(p, {
      pacote: 'Elite',
      metodo: 'mb_way',
      nif: '501 964 843',
      faturacaoNome: '  Eletro Ferreira, Lda. ',
      faturacaoMorada: 'Rua das Flores, 12\n4050-262 Porto',
    });
    expect(res.statusCode).toBe(200);
    const { pagamentoId } = res.json() as { pagamentoId: number };
    // No receipt before the payment is confirmed.
    const early = await receipt(p.auth, pagamentoId);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ code: 'RECEIPT_UNAVAILABLE', message: RECIBO_POR_PAGAR });

    pinned = new Date('2026-12-31T23:30:00Z');
    try {
      expect((await confirm(p, pagamentoId)).json().estado).toBe('PAGO');
    } finally {
      pinned = null;
    }
    const ok = await receipt(p.auth, pagamentoId);
    expect(ok.statusCode).toBe(200);
    const r = ok.json();
    expect(r).toMatchObject({
      numero: `TC-2026-${String(pagamentoId).padStart(6, '0')}`,
      pagamentoId,
      pagoEm: '2026-12-31T23:30:00.000Z',
      plano: 'elite',
      planoNome: 'Elite',
      creditos: 150,
      totalCentimos: 12000,
      baseCentimos: 9756,
      ivaCentimos: 2244,
      taxaIva: 23,
      metodo: 'mb_way',
      provider: 'demo',
      nif: '501964843',
      faturacaoNome: 'Eletro Ferreira, Lda.',
      faturacaoMorada: 'Rua das Flores, 12\n4050-262 Porto',
      cliente: { nome: 'João Ferreira', email: p.email },
      vendedor: SELLER,
    });
    expect(r.referencia).toMatch(/^demo_[0-9a-f-]{36}$/);

    // An admin sees it too; another professional gets the same answer as for a receipt that does not exist.
    const admin = await adminSession(t.app);
    expect((await receipt(admin.auth, pagamentoId)).json()).toEqual(r);
    const other = await registerAndLogin(t.app, 'profissional');
    const foreign = await receipt(other.auth, pagamentoId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: RECIBO_NAO_ENCONTRADO });
    expect((await receipt(other.auth, 999_999)).json()).toEqual(foreign.json());
    // Clients have no receipts; no session, no receipt.
    const c = await registerAndLogin(t.app, 'cliente');
    expect((await receipt(c.auth, pagamentoId)).statusCode).toBe(403);
    expect((await receipt({}, pagamentoId)).statusCode).toBe(401);
  });

  it('without billing details: the account holder is the buyer and the NIF is empty', async () => {
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Rita Lopes' });
    const { pagamentoId } = (await checkout(p, { pacote: 'basico', nif: '', faturacaoNome: '  ', faturacaoMorada: '' })).json() as { pagamentoId: number };
    await confirm(p, pagamentoId);
    expect((await receipt(p.auth, pagamentoId)).json()).toMatchObject({
      totalCentimos: 100,
      baseCentimos: 81,
      ivaCentimos: 19,
      creditos: 20,
      nif: null,
      faturacaoNome: null,
      faturacaoMorada: null,
      cliente: { nome: 'Rita Lopes', email: p.email },
    });
  });

  it('a cancelled purchase has no receipt', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = (await checkout(p, { pacote: 'Poupança', nif: '123456789' })).json() as { pagamentoId: number };
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/cancelar`, headers: p.auth });
    const res = await receipt(p.auth, pagamentoId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('RECEIPT_UNAVAILABLE');
  });
});
