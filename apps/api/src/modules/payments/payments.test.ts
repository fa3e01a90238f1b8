import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { M } from '@tc/shared';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/harness';

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
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Elite', valor: '100', metodo: 'card', profissionalId: p.id } });
    expect(res.statusCode).toBe(200);
    const { url, pagamentoId } = res.json();
    expect(url).toBe(`/pagamento-demo/${pagamentoId}`);
    const pay = (await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json();
    expect(pay).toMatchObject({ plano: 'elite', valorCentimos: 12000, creditos: 150, estado: 'PENDENTE', provider: 'demo' });
    expect(await balance(t, p)).toBe(0);

    const confirmations = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth })));
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
    const { pagamentoId } = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'basico', metodo: 'mb_way' } })).json();
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
});

describe('Stripe (official SDK against a local stand-in for the Stripe API)', () => {
  const secret = 'whsec_test_secret';
  let t: TestApp;
  let stub: Server;
  const seen: { path: string; body: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
  let nextSession = 0;
  const sdk = new Stripe('sk_test_fake');

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body: new URLSearchParams(data), headers: req.headers });
        const id = `cs_test_${++nextSession}`;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, payment_status: 'unpaid' }));
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    const port = (stub.address() as { port: number }).port;
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://tecnicocerto.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => stub.close(r));
  });

  const checkout = async (p: { auth: Record<string, string> }, pacote: string, metodo: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote, metodo, valor: '1' } })).json();

  const event = (id: string, type: string, session: Record<string, unknown>) => JSON.stringify({ id, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
  const deliver = (payload: string, signature = sdk.webhooks.generateTestHeaderString({ payload, secret })) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('creates a Checkout Session with the catalogue price, the chosen method and our return URLs', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
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
    // The demo confirmation does not exist when Stripe is configured.
    expect((await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${res.pagamentoId}/confirmar`, headers: p.auth })).statusCode).toBe(404);
  });

  it('grants credits on a signed checkout.session.completed (paid), once, however often it is delivered', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = await checkout(p, 'Elite', 'card');
    const sessionId = `cs_test_${nextSession}`;
    const body = event('evt_paid_1', 'checkout.session.completed', { id: sessionId, payment_status: 'paid', amount_total: 12000 });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await balance(t, p)).toBe(150);
    expect((await deliver(body)).json()).toEqual({ received: true, duplicate: true });
    // Stripe may also resend the same state under a new event id.
    await deliver(event('evt_paid_1b', 'checkout.session.completed', { id: sessionId, payment_status: 'paid', amount_total: 12000 }));
    expect(await balance(t, p)).toBe(150);
    expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json().estado).toBe('PAGO');
  });

  it('refuses a forged or missing signature and grants nothing', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await checkout(p, 'Elite', 'card');
    const body = event('evt_forged', 'checkout.session.completed', { id: `cs_test_${nextSession}`, payment_status: 'paid', amount_total: 12000 });
    const forged = sdk.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_wrong' });
    expect((await deliver(body, forged)).statusCode).toBe(400);
    expect((await deliver(body, '')).statusCode).toBe(400);
    // A body altered after signing fails too.
    const signed = sdk.webhooks.generateTestHeaderString({ payload: body, secret });
    expect((await deliver(body.replace('12000', '12001'), signed)).statusCode).toBe(400);
    expect(await balance(t, p)).toBe(0);
  });

  it('Multibanco: completed unpaid grants nothing; async_payment_succeeded grants once, in either order', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await checkout(p, 'Profissional', 'multibanco');
    const s1 = `cs_test_${nextSession}`;
    await deliver(event('evt_mb_1', 'checkout.session.completed', { id: s1, payment_status: 'unpaid', amount_total: 9000 }));
    expect(await balance(t, p)).toBe(0);
    await deliver(event('evt_mb_2', 'checkout.session.async_payment_succeeded', { id: s1, payment_status: 'paid', amount_total: 9000 }));
    expect(await balance(t, p)).toBe(100);

    await checkout(p, 'Básico', 'multibanco');
    const s2 = `cs_test_${nextSession}`;
    // Out of order: the success arrives before the completion event.
    await deliver(event('evt_mb_3', 'checkout.session.async_payment_succeeded', { id: s2, payment_status: 'paid', amount_total: 100 }));
    await deliver(event('evt_mb_4', 'checkout.session.completed', { id: s2, payment_status: 'paid', amount_total: 100 }));
    expect(await balance(t, p)).toBe(120);
    // An expiry arriving after payment does not undo it.
    await deliver(event('evt_mb_5', 'checkout.session.expired', { id: s2, payment_status: 'paid', amount_total: 100 }));
    expect(await balance(t, p)).toBe(120);
  });

  it('grants nothing when the amount paid differs from the plan, or the payment failed', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await checkout(p, 'Elite', 'card');
    await deliver(event('evt_amount', 'checkout.session.completed', { id: `cs_test_${nextSession}`, payment_status: 'paid', amount_total: 100 }));
    const { pagamentoId } = await checkout(p, 'Elite', 'multibanco');
    await deliver(event('evt_fail', 'checkout.session.async_payment_failed', { id: `cs_test_${nextSession}`, payment_status: 'unpaid', amount_total: 12000 }));
    expect(await balance(t, p)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/pagamentos/${pagamentoId}`, headers: p.auth })).json().estado).toBe('FALHADO');
  });
});
