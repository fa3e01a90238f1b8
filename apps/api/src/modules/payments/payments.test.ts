import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { M, NIF_MESSAGES } from '@tc/shared';
import { eq, like, sql } from 'drizzle-orm';
import { paymentAnomalies, payments } from '../../db/schema';
import { adminSession, createTestApp, describeOnPostgres, registerAndLogin, stagedRace, type TestApp } from '../../test/harness';

const balance = async (t: TestApp, p: { id: number; auth: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: `/api/subscriptions/credito/${p.id}`, headers: p.auth })).json().creditosRestantes as number;

describe('demo payment provider (no Stripe keys)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prices from the catalogue, ignores a tampered valor, and grants credits once on confirmation', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: p.auth,
      payload: { pacote: 'Elite', valor: '100', metodo: 'card', profissionalId: p.id },
    });
    expect(res.statusCode).toBe(200);
    const { url, pagamentoId } = res.json();
    expect(url).toBe(`/pagamento-demo/${pagamentoId}`);
    const pay = (await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json();
    expect(pay).toMatchObject({ plano: 'elite', valorCentimos: 12000, creditos: 150, estado: 'PENDENTE', provider: 'demo' });
    expect(await balance(t, p)).toBe(0);

    const confirmations = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth })),
    );
    expect(confirmations.every((r) => r.statusCode === 200 && r.json().estado === 'PAGO')).toBe(true);
    expect(await balance(t, p)).toBe(150);
    // Cancelling a paid payment changes nothing.
    expect((await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/cancelar`, headers: p.auth })).json().estado).toBe('PAGO');
    expect(await balance(t, p)).toBe(150);
    const history = (await t.app.inject({ method: 'GET', url: `/api/creditos/historico/${p.id}`, headers: p.auth })).json();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ tipo: 'COMPRA', delta: 150, saldoApos: 150, descricao: 'Plano Elite' });
  });

  it('a cancelled purchase grants nothing and cannot be confirmed afterwards', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = (
      await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'basico', metodo: 'mb_way' } })
    ).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/cancelar`, headers: p.auth })).json().estado).toBe('CANCELADO');
    expect((await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth })).json().estado).toBe('CANCELADO');
    expect(await balance(t, p)).toBe(0);
  });

  it('only professionals buy, only their own payments, only known plans', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const denied = await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: c.auth, payload: { pacote: 'Elite' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(M.apenasProfissionais);
    const p = await registerAndLogin(t.app, 'profissional');
    const other = await registerAndLogin(t.app, 'profissional');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Diamante' } });
    expect(unknown.json().message).toBe(M.nenhumPlano);
    const { pagamentoId } = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Poupança' } })).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: other.auth })).statusCode).toBe(403);
    expect(await balance(t, p)).toBe(0);
    // Without Stripe configured, the webhook does not exist.
    expect((await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} })).statusCode).toBe(404);
  });

  it("a professional's purchases come newest first, a page at a time, optionally of one state; only his own", async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'basico', metodo: 'card' } });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().pagamentoId);
    }
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${ids[0]}/confirmar`, headers: p.auth });
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${ids[5]}/confirmar`, headers: p.auth });
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${ids[11]}/cancelar`, headers: p.auth });
    const list = async (query: string, auth = p.auth) => t.app.inject({ method: 'GET', url: `/api/pagamentos/profissional/${p.id}${query}`, headers: auth });

    const first = (await list('')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 10, hasMore: true });
    expect(first.items.map((x: { id: number }) => x.id)).toEqual(ids.slice(2).reverse());
    const second = (await list('?page=2')).json();
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((x: { id: number }) => x.id)).toEqual([ids[1], ids[0]]);

    const pending = (await list('?estado=PENDENTE')).json();
    expect(pending.hasMore).toBe(false);
    expect(pending.items.map((x: { id: number }) => x.id)).toEqual(ids.filter((_, i) => i !== 0 && i !== 5 && i !== 11).reverse());
    const pendingPaged = (await list('?estado=PENDENTE&pageSize=5&page=2')).json();
    expect(pendingPaged).toMatchObject({ page: 2, hasMore: false });
    expect(pendingPaged.items.map((x: { id: number }) => x.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect((await list('?estado=PAGO')).json().items.map((x: { id: number }) => x.id)).toEqual([ids[5], ids[0]]);

    const bad = await list('?estado=PERDIDO');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(bad.json().message).not.toMatch(/invalid|expected/i);
    const other = await registerAndLogin(t.app, 'profissional');
    expect((await list('', other.auth)).statusCode).toBe(403);
    expect((await list('?estado=PENDENTE', (await adminSession(t.app)).auth)).json().items).toHaveLength(9);
  });
});

describe('Stripe (official SDK against a local stand-in for the Stripe API)', () => {
  const secret = 'whsec_test_secret';
  let t: TestApp;
  let stub: Server;
  const seen: { path: string; body: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
  let nextSession = 0;
  let nextCustomer = 0;
  const sdk = new Stripe('sk_test_fake');

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body: new URLSearchParams(data), headers: req.headers });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/customers') {
          res.end(JSON.stringify({ id: `cus_test_${++nextCustomer}`, object: 'customer' }));
          return;
        }
        const id = `cs_test_${++nextSession}`;
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, payment_status: 'unpaid' }));
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    const port = (stub.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
        PUBLIC_URL: 'https://tecnicocerto.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => stub.close(r));
  });

  const checkout = async (p: { auth: Record<string, string> }, pacote: string, metodo: string) => {
    const res = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote, metodo, valor: '1' } })).json();
    sessionOf.set(res.pagamentoId, `cs_test_${nextSession}`);
    return res as { url: string; pagamentoId: number };
  };

  const event = (id: string, type: string, session: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, created: 1767225600, livemode: false, data: { object: { object: 'checkout.session', ...session } } });
  /** The session as Stripe describes the one we opened for `pagamentoId` (EUR, our metadata), with overrides. */
  const sessionOf = new Map<number, string>();
  const ours = (pagamentoId: number, over: Record<string, unknown> = {}) => ({
    id: sessionOf.get(pagamentoId),
    currency: 'eur',
    metadata: { paymentId: String(pagamentoId) },
    client_reference_id: String(pagamentoId),
    ...over,
  });
  const deliver = (payload: string, signature = sdk.webhooks.generateTestHeaderString({ payload, secret })) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  /** Rows to reconcile whose event id starts with `prefix`. */
  const anomalies = (prefix: string) =>
    t.db
      .select()
      .from(paymentAnomalies)
      .where(like(paymentAnomalies.eventoId, `${prefix}%`));

  it('creates a Checkout Session with the catalogue price, the chosen method and our return URLs', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const before = seen.length;
    const res = await checkout(p, 'Poupança', 'multibanco');
    expect(res.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const req = seen.at(-1)!;
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe('Bearer sk_test_fake');
    expect(req.headers['idempotency-key']).toBe(`checkout-${res.pagamentoId}`);
    expect(req.body.get('mode')).toBe('payment');
    expect(req.body.get('allowed_payment_method_types[0]')).toBe('multibanco');
    expect(req.body.get('line_items[0][price_data][unit_amount]')).toBe('6000');
    expect(req.body.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(req.body.get('metadata[paymentId]')).toBe(String(res.pagamentoId));
    expect(req.body.get('success_url')).toBe(`https://tecnicocerto.example/sucesso?pagamento=${res.pagamentoId}&session_id={CHECKOUT_SESSION_ID}`);
    expect(req.body.get('cancel_url')).toBe(`https://tecnicocerto.example/cancelado?pagamento=${res.pagamentoId}`);
    // Without a NIF of ours: Stripe asks for a tax id and creates the customer, keeping what was typed there.
    expect(req.body.get('tax_id_collection[enabled]')).toBe('true');
    expect(req.body.get('customer_creation')).toBe('always');
    expect(req.body.get('customer_email')).toBe(p.email);
    expect(req.body.get('customer')).toBeNull();
    expect(seen.slice(before).map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    // The demo confirmation does not exist when Stripe is configured.
    expect((await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${res.pagamentoId}/confirmar`, headers: p.auth })).statusCode).toBe(404);
  });

  describe('billing details (NIF, name, address)', () => {
    const paymentRow = async (id: number) =>
      (
        await t.db
          .select({ nif: payments.nif, faturacaoNome: payments.faturacaoNome, faturacaoMorada: payments.faturacaoMorada })
          .from(payments)
          .where(eq(payments.id, id))
      )[0];

    it('with a NIF: the Stripe customer is created with it as a PT VAT id, the session updates that customer, the payment keeps the details', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const before = seen.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/checkout',
        headers: p.auth,
        payload: {
          pacote: 'Elite',
          metodo: 'card',
          nif: 'PT 501 964 843',
          faturacaoNome: 'Eletro Ferreira, Lda.',
          faturacaoMorada: 'Rua das Flores, 12\n4050-262 Porto',
        },
      });
      expect(res.statusCode).toBe(200);
      const { pagamentoId } = res.json();
      const sent = seen.slice(before);
      expect(sent.map((r) => r.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
      const [customer, session] = sent as [(typeof sent)[0], (typeof sent)[0]];
      expect(customer.headers['idempotency-key']).toBe(`checkout-customer-${pagamentoId}`);
      expect(Object.fromEntries(customer.body)).toMatchObject({
        email: p.email,
        name: 'Eletro Ferreira, Lda.',
        'address[line1]': 'Rua das Flores, 12, 4050-262 Porto',
        'address[country]': 'PT',
        'tax_id_data[0][type]': 'eu_vat',
        'tax_id_data[0][value]': 'PT501964843',
        'metadata[paymentId]': String(pagamentoId),
      });
      expect(session.body.get('customer')).toBe(`cus_test_${nextCustomer}`);
      expect(session.body.get('customer_update[name]')).toBe('auto');
      expect(session.body.get('customer_update[address]')).toBe('auto');
      expect(session.body.get('tax_id_collection[enabled]')).toBe('true');
      // Stripe refuses customer_email or customer_creation together with customer.
      expect(session.body.get('customer_email')).toBeNull();
      expect(session.body.get('customer_creation')).toBeNull();
      expect(await paymentRow(pagamentoId)).toEqual({
        nif: '501964843',
        faturacaoNome: 'Eletro Ferreira, Lda.',
        faturacaoMorada: 'Rua das Flores, 12\n4050-262 Porto',
      });
    });

    it('a NIF with a wrong check digit is refused before anything is created, here or at Stripe', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const before = seen.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/checkout',
        headers: p.auth,
        payload: { pacote: 'Elite', metodo: 'card', nif: '501964842' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: NIF_MESSAGES.controlo, fields: { nif: NIF_MESSAGES.controlo } });
      expect(seen.length).toBe(before);
      expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/profissional/${p.id}`, headers: p.auth })).json()).toMatchObject({
        items: [],
        hasMore: false,
      });
    });

    it('a PT tax id typed in Stripe Checkout reaches the receipt of a payment without one; ours is never replaced', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const details = {
        name: 'João Ferreira',
        business_name: 'Eletro Ferreira, Lda.',
        email: p.email,
        address: { line1: 'Rua das Flores, 12', line2: null, postal_code: '4050-262', city: 'Porto', country: 'PT' },
        tax_ids: [{ type: 'eu_vat', value: 'PT501964843' }],
      };
      const plain = await checkout(p, 'Básico', 'card');
      await deliver(
        event('evt_taxid_1', 'checkout.session.completed', ours(plain.pagamentoId, { payment_status: 'paid', amount_total: 100, customer_details: details })),
      );
      const receipt = (await t.app.inject({ method: 'GET', url: `/api/pagamentos/${plain.pagamentoId}/recibo`, headers: p.auth })).json();
      expect(receipt).toMatchObject({
        nif: '501964843',
        faturacaoNome: 'Eletro Ferreira, Lda.',
        faturacaoMorada: 'Rua das Flores, 12, 4050-262 Porto',
        referencia: sessionOf.get(plain.pagamentoId),
      });

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/checkout',
        headers: p.auth,
        payload: { pacote: 'Básico', metodo: 'card', nif: '123456789' },
      });
      const mine = res.json().pagamentoId as number;
      sessionOf.set(mine, `cs_test_${nextSession}`);
      await deliver(event('evt_taxid_2', 'checkout.session.completed', ours(mine, { payment_status: 'paid', amount_total: 100, customer_details: details })));
      expect(await paymentRow(mine)).toEqual({ nif: '123456789', faturacaoNome: null, faturacaoMorada: null });
      // Not a valid Portuguese NIF: nothing taken.
      const other = await checkout(p, 'Básico', 'card');
      await deliver(
        event(
          'evt_taxid_3',
          'checkout.session.completed',
          ours(other.pagamentoId, {
            payment_status: 'paid',
            amount_total: 100,
            customer_details: { ...details, tax_ids: [{ type: 'eu_vat', value: 'PT501964842' }] },
          }),
        ),
      );
      expect(await paymentRow(other.pagamentoId)).toEqual({ nif: null, faturacaoNome: null, faturacaoMorada: null });
      expect(await balance(t, p)).toBe(60);
    });
  });

  it('grants credits on a signed checkout.session.completed (paid), once, however often it is delivered', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = await checkout(p, 'Elite', 'card');
    const body = event('evt_paid_1', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 12000 }));
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await balance(t, p)).toBe(150);
    expect((await deliver(body)).json()).toEqual({ received: true, duplicate: true });
    // Stripe may also resend the same state under a new event id, even several at once.
    const again = await Promise.all(
      ['evt_paid_1b', 'evt_paid_1c', 'evt_paid_1c'].map((id) =>
        deliver(event(id, 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 12000 }))),
      ),
    );
    expect(again.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(t, p)).toBe(150);
    expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json().estado).toBe('PAGO');
    const history = (await t.app.inject({ method: 'GET', url: `/api/creditos/historico/${p.id}`, headers: p.auth })).json();
    expect(history.items).toHaveLength(1);
    // A valid payment is not something to reconcile.
    expect(await anomalies('evt_paid_1')).toHaveLength(0);
  });

  it('refuses a forged or missing signature and grants nothing', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = await checkout(p, 'Elite', 'card');
    const body = event('evt_forged', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 12000 }));
    const forged = sdk.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_wrong' });
    expect((await deliver(body, forged)).statusCode).toBe(400);
    expect((await deliver(body, '')).statusCode).toBe(400);
    // A body altered after signing fails too.
    const signed = sdk.webhooks.generateTestHeaderString({ payload: body, secret });
    expect((await deliver(body.replace('12000', '12001'), signed)).statusCode).toBe(400);
    expect(await balance(t, p)).toBe(0);
    // Unsigned noise is not recorded for the admin either.
    expect(await anomalies('evt_forged')).toHaveLength(0);
  });

  it('Multibanco: completed unpaid grants nothing; async_payment_succeeded grants once, in either order', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const first = await checkout(p, 'Profissional', 'multibanco');
    await deliver(event('evt_mb_1', 'checkout.session.completed', ours(first.pagamentoId, { payment_status: 'unpaid', amount_total: 9000 })));
    expect(await balance(t, p)).toBe(0);
    await deliver(event('evt_mb_2', 'checkout.session.async_payment_succeeded', ours(first.pagamentoId, { payment_status: 'paid', amount_total: 9000 })));
    expect(await balance(t, p)).toBe(100);

    const second = await checkout(p, 'Básico', 'multibanco');
    // Out of order: the success arrives before the completion event.
    await deliver(event('evt_mb_3', 'checkout.session.async_payment_succeeded', ours(second.pagamentoId, { payment_status: 'paid', amount_total: 100 })));
    await deliver(event('evt_mb_4', 'checkout.session.completed', ours(second.pagamentoId, { payment_status: 'paid', amount_total: 100 })));
    expect(await balance(t, p)).toBe(120);
    // An expiry arriving after payment does not undo it.
    await deliver(event('evt_mb_5', 'checkout.session.expired', ours(second.pagamentoId, { payment_status: 'paid', amount_total: 100 })));
    expect(await balance(t, p)).toBe(120);
    expect(await anomalies('evt_mb_')).toHaveLength(0);
  });

  it('a failed Multibanco payment closes the purchase and grants nothing', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = await checkout(p, 'Elite', 'multibanco');
    await deliver(event('evt_fail', 'checkout.session.async_payment_failed', ours(pagamentoId, { payment_status: 'unpaid', amount_total: 12000 })));
    expect(await balance(t, p)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json().estado).toBe('FALHADO');
    // Money arriving afterwards for the closed purchase is for an admin to reconcile.
    const late = await deliver(
      event('evt_fail_late', 'checkout.session.async_payment_succeeded', ours(pagamentoId, { payment_status: 'paid', amount_total: 12000 })),
    );
    expect(late.json()).toEqual({ received: true, porConciliar: true });
    expect(await balance(t, p)).toBe(0);
    expect(await anomalies('evt_fail_late')).toMatchObject([{ codigo: 'PAGAMENTO_FECHADO', pagamentoId }]);
  });

  describe('events that do not match our purchase: no credits, 2xx, one row to reconcile', () => {
    /** Delivers an event expected to become an anomaly: answered 200 (Stripe stops retrying), nothing granted. */
    const unmatched = async (p: { id: number; auth: Record<string, string> }, id: string, type: string, session: Record<string, unknown>) => {
      const res = await deliver(event(id, type, session));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, porConciliar: true });
      expect(await balance(t, p)).toBe(0);
      const rows = await anomalies(id);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };

    it('wrong amount', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const { pagamentoId } = await checkout(p, 'Elite', 'card');
      const row = await unmatched(p, 'evt_amount', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 100 }));
      expect(row).toMatchObject({
        codigo: 'VALOR_DIFERENTE',
        tipo: 'checkout.session.completed',
        sessaoId: sessionOf.get(pagamentoId),
        pagamentoId,
        valorCentimos: 100,
        moeda: 'eur',
        esperadoCentimos: 12000,
        resolvidoEm: null,
      });
      expect(row.motivo).toMatch(/^Valor pago \(1,00\s€\) diferente do preço da compra n\.º \d+ \(120,00\s€\): não foram atribuídos créditos\.$/);
      expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json().estado).toBe('PENDENTE');
      // No amount at all is no better.
      const none = await unmatched(
        p,
        'evt_amount_none',
        'checkout.session.async_payment_succeeded',
        ours(pagamentoId, { payment_status: 'paid', amount_total: null }),
      );
      expect(none).toMatchObject({ codigo: 'VALOR_DIFERENTE', valorCentimos: null });
    });

    it('wrong currency, or none, even with the right number', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const { pagamentoId } = await checkout(p, 'Elite', 'card');
      const row = await unmatched(
        p,
        'evt_currency',
        'checkout.session.completed',
        ours(pagamentoId, { payment_status: 'paid', amount_total: 12000, currency: 'usd' }),
      );
      expect(row).toMatchObject({ codigo: 'MOEDA_DIFERENTE', valorCentimos: 12000, moeda: 'usd', esperadoCentimos: 12000, pagamentoId });
      expect(row.motivo).toContain('USD');
      const { currency: _, ...noCurrency } = ours(pagamentoId, { payment_status: 'paid', amount_total: 12000 });
      expect(await unmatched(p, 'evt_currency_none', 'checkout.session.completed', noCurrency)).toMatchObject({ codigo: 'MOEDA_DIFERENTE', moeda: null });
      expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json().estado).toBe('PENDENTE');
    });

    it('unknown checkout session', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const row = await unmatched(p, 'evt_unknown', 'checkout.session.completed', {
        id: 'cs_test_not_ours',
        payment_status: 'paid',
        amount_total: 12000,
        currency: 'eur',
        metadata: { paymentId: '999999' },
      });
      expect(row).toMatchObject({
        codigo: 'SESSAO_DESCONHECIDA',
        sessaoId: 'cs_test_not_ours',
        pagamentoId: null,
        esperadoCentimos: null,
        valorCentimos: 12000,
      });
      expect(row.motivo).toBe('Nenhuma compra corresponde à sessão de pagamento cs_test_not_ours: não foram atribuídos créditos.');
      // Closing events of a session that is not ours change nothing either, and are recorded too.
      expect(await unmatched(p, 'evt_unknown_expired', 'checkout.session.expired', { id: 'cs_test_not_ours_2', currency: 'eur' })).toMatchObject({
        codigo: 'SESSAO_DESCONHECIDA',
      });
    });

    it('metadata naming another purchase, or none', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const a = await checkout(p, 'Elite', 'card');
      const b = await checkout(p, 'Básico', 'card');
      // The session is a's, the metadata says b (a session re-used or tampered with on Stripe's side).
      const row = await unmatched(
        p,
        'evt_meta',
        'checkout.session.completed',
        ours(a.pagamentoId, { payment_status: 'paid', amount_total: 12000, metadata: { paymentId: String(b.pagamentoId) } }),
      );
      expect(row).toMatchObject({ codigo: 'METADADOS_DESCONHECIDOS', pagamentoId: a.pagamentoId });
      expect(
        await unmatched(p, 'evt_meta_none', 'checkout.session.completed', ours(a.pagamentoId, { payment_status: 'paid', amount_total: 12000, metadata: {} })),
      ).toMatchObject({ codigo: 'METADADOS_DESCONHECIDOS' });
      // A failure notice for a session whose metadata do not match does not close the purchase.
      await unmatched(p, 'evt_meta_fail', 'checkout.session.async_payment_failed', ours(a.pagamentoId, { metadata: { paymentId: 'x' } }));
      expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${a.pagamentoId}`, headers: p.auth })).json().estado).toBe('PENDENTE');
    });

    it('money for a professional who deleted the account', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const { pagamentoId } = await checkout(p, 'Poupança', 'multibanco');
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/profissional/delete-account', headers: p.auth, payload: { senha: 'Segura#123' } })).statusCode,
      ).toBeLessThan(300);
      const res = await deliver(
        event(
          'evt_gone',
          'checkout.session.async_payment_succeeded',
          ours(pagamentoId, { payment_status: 'paid', amount_total: 6000, metadata: { paymentId: String(pagamentoId), profissionalId: String(p.id) } }),
        ),
      );
      expect(res.json()).toEqual({ received: true, porConciliar: true });
      expect(await anomalies('evt_gone')).toMatchObject([{ codigo: 'CONTA_ELIMINADA', pagamentoId }]);
    });

    it('the same event delivered again, or several times at once, is one row', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const { pagamentoId } = await checkout(p, 'Elite', 'card');
      const body = event('evt_twice', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 999 }));
      const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      expect((await deliver(body)).json()).toEqual({ received: true, duplicate: true });
      expect(await anomalies('evt_twice')).toHaveLength(1);
      expect(await balance(t, p)).toBe(0);
      // The right payment still goes through afterwards, once.
      await deliver(event('evt_twice_ok', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 12000 })));
      expect(await balance(t, p)).toBe(150);
    });

    it('keeps what the event said without personal data', async () => {
      const p = await registerAndLogin(t.app, 'profissional');
      const { pagamentoId } = await checkout(p, 'Elite', 'card');
      await unmatched(
        p,
        'evt_pii',
        'checkout.session.completed',
        ours(pagamentoId, {
          payment_status: 'paid',
          amount_total: 500,
          payment_intent: 'pi_123',
          customer: 'cus_123',
          customer_email: 'maria.silva@exemplo.pt',
          customer_details: { email: 'maria.silva@exemplo.pt', name: 'Maria Silva', phone: '+351912345678', address: { line1: 'Rua das Flores 1' } },
          metadata: { paymentId: String(pagamentoId), profissionalId: String(p.id), nota: 'Maria Silva' },
        }),
      );
      const [row] = await t.db.select({ resumo: paymentAnomalies.resumo }).from(paymentAnomalies).where(eq(paymentAnomalies.eventoId, 'evt_pii'));
      const text = JSON.stringify(row!.resumo);
      for (const personal of ['maria.silva@exemplo.pt', 'Maria Silva', '+351912345678', 'Rua das Flores', 'cus_123']) expect(text).not.toContain(personal);
      expect(row!.resumo).toMatchObject({
        evento: { id: 'evt_pii', tipo: 'checkout.session.completed', livemode: false },
        sessao: {
          id: sessionOf.get(pagamentoId),
          estadoPagamento: 'paid',
          valorTotal: 500,
          moeda: 'eur',
          paymentIntent: 'pi_123',
          metadados: { paymentId: String(pagamentoId), profissionalId: String(p.id) },
          outrosMetadados: ['nota'],
        },
      });
    });
  });

  describe('admin: pagamentos por conciliar', () => {
    it('only admins list or resolve them', async () => {
      const c = await registerAndLogin(t.app, 'cliente');
      const p = await registerAndLogin(t.app, 'profissional');
      for (const [method, url] of [
        ['GET', '/api/admin/pagamentos/por-conciliar'],
        ['PATCH', '/api/admin/pagamentos/por-conciliar/1/resolver'],
      ] as const) {
        expect((await t.app.inject({ method, url })).statusCode).toBe(401);
        expect((await t.app.inject({ method, url, headers: c.auth })).statusCode).toBe(403);
        expect((await t.app.inject({ method, url, headers: p.auth })).statusCode).toBe(403);
      }
    });

    it('lists them paged, unresolved first; marking one resolved records who and when, once', async () => {
      const admin = await adminSession(t.app);
      const p = await registerAndLogin(t.app, 'profissional');
      const { pagamentoId } = await checkout(p, 'Elite', 'card');
      await deliver(event('evt_admin_1', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 1 })));
      await deliver(event('evt_admin_2', 'checkout.session.completed', ours(pagamentoId, { payment_status: 'paid', amount_total: 2 })));
      const list = async (query = '') => {
        const res = await t.app.inject({ method: 'GET', url: `/api/admin/pagamentos/por-conciliar${query}`, headers: admin.auth });
        expect(res.statusCode).toBe(200);
        return res.json() as {
          items: { id: number; eventoId: string; resolvidoEm: string | null; resolvidoPorNome: string | null; codigo: string; motivo: string }[];
          page: number;
          pageSize: number;
          hasMore: boolean;
        };
      };
      const all = await list('?pageSize=50');
      expect(all).toMatchObject({ page: 1, pageSize: 50, hasMore: false });
      const mine = all.items.find((a) => a.eventoId === 'evt_admin_2')!;
      expect(mine).toMatchObject({
        codigo: 'VALOR_DIFERENTE',
        pagamentoId,
        valorCentimos: 2,
        moeda: 'eur',
        esperadoCentimos: 12000,
        resolvidoEm: null,
        resolvidoPorNome: null,
      });
      expect(Object.keys(mine)).not.toContain('resumo');
      // Newest first among the unresolved.
      expect(all.items.findIndex((a) => a.eventoId === 'evt_admin_2')).toBeLessThan(all.items.findIndex((a) => a.eventoId === 'evt_admin_1'));
      const first = await list('?pageSize=1');
      expect(first).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
      expect(first.items).toHaveLength(1);

      const before = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json().pendentes.pagamentosPorConciliar as number;
      expect(before).toBe(all.items.filter((a) => !a.resolvidoEm).length);
      const resolved = await t.app.inject({ method: 'PATCH', url: `/api/admin/pagamentos/por-conciliar/${mine.id}/resolver`, headers: admin.auth });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toMatchObject({ id: mine.id, eventoId: 'evt_admin_2', resolvidoPorNome: 'Admin Teste' });
      const at = resolved.json().resolvidoEm as string;
      expect(Date.parse(at)).not.toBeNaN();
      // Again: nothing changes (first admin and time kept).
      const again = await t.app.inject({ method: 'PATCH', url: `/api/admin/pagamentos/por-conciliar/${mine.id}/resolver`, headers: admin.auth });
      expect(again.json().resolvidoEm).toBe(at);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json().pendentes.pagamentosPorConciliar).toBe(before - 1);
      // Resolved ones go after every unresolved one.
      const after = (await list('?pageSize=50')).items;
      expect(after.at(-1)).toMatchObject({ eventoId: 'evt_admin_2' });
      expect(after.slice(0, -1).every((a) => a.resolvidoEm === null)).toBe(true);
      // It is in the audit log, once.
      const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=50', headers: admin.auth })).json().items as {
        acao: string;
        alvoId: number;
      }[];
      expect(audit.filter((e) => e.acao === 'PAGAMENTO_CONCILIADO' && e.alvoId === mine.id)).toHaveLength(1);
      // Still no credits.
      expect(await balance(t, p)).toBe(0);

      const missing = await t.app.inject({ method: 'PATCH', url: '/api/admin/pagamentos/por-conciliar/999999/resolver', headers: admin.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Evento por conciliar não encontrado.');
    });
  });
});

describeOnPostgres('a payment settling while its buyer deletes the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the two wait for each other: the credits are granted once, the account is deleted, no 503', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      headers: p.auth,
      payload: { pacote: 'Elite', metodo: 'card', profissionalId: p.id },
    });
    const { pagamentoId } = checkout.json();
    // The staging: his balance held elsewhere, so the confirmation holds the payment and waits for it;
    // then the deletion. Before the deletion locked his payments and balance before his own row, it
    // locked his row first and then, through the foreign keys' SET NULL, waited for the payment:
    // released, the confirmation took the balance and its ledger line waited for his row. A deadlock.
    const [c, d] = await stagedRace(
      t.db,
      sql`select 1 from subscriptions where profissional_id = ${p.id} for update`,
      () => t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth }),
      () => t.app.inject({ method: 'DELETE', url: '/api/profissional/delete-account', headers: p.auth, payload: { senha: 'Segura#123' } }),
    );
    expect(c.statusCode).toBe(200);
    expect(c.json().estado).toBe('PAGO');
    expect(d.statusCode).toBe(200);
    // Money records outlive the account: one purchase line, and the balance is its ledger's sum.
    const { rows } = await t.db.execute<{ n: number; saldo: number; soma: number }>(sql`
      select (select count(*)::int from credit_ledger l where l.payment_id = ${pagamentoId} and l.tipo = 'COMPRA') as n,
        s.creditos_restantes as saldo, (select coalesce(sum(delta), 0)::int from credit_ledger l where l.subscription_id = s.id) as soma
      from payments pay join credit_ledger l on l.payment_id = pay.id join subscriptions s on s.id = l.subscription_id where pay.id = ${pagamentoId}`);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].n)).toBe(1);
    expect(Number(rows[0].saldo)).toBe(150);
    expect(Number(rows[0].soma)).toBe(150);
  });
});
