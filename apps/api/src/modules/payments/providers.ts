import type Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import type { Env } from '../../config/env';
import type { BillingDetails, PaymentMethod } from '@tc/shared';

export interface CheckoutRequest {
  paymentId: number;
  profissionalId: number;
  planName: string;
  credits: number;
  amountCents: number;
  metodo: PaymentMethod;
  email: string;
  publicUrl: string;
  /** Optional billing details the professional gave on our page (NIF already validated). */
  billing?: BillingDetails;
}

export interface PaymentProvider {
  name: 'stripe' | 'demo';
  createCheckout(req: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
}

/** Stripe Checkout with card, MB WAY or Multibanco, in euros. */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(req) {
      // Checkout Sessions take no tax id of their own: with a NIF, the Customer is created first carrying
      // it (a Portuguese VAT number is "PT" + NIF), and the session updates that customer. Without one,
      // Checkout creates the Customer and saves on it any tax id typed there.
      const customer = req.billing?.nif ? await createCustomer(stripe, req, req.billing.nif) : undefined;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: [req.metodo],
          currency: 'eur',
          locale: 'pt',
          ...(customer ? { customer, customer_update: { name: 'auto', address: 'auto' } } : { customer_email: req.email, customer_creation: 'always' }),
          tax_id_collection: { enabled: true },
          client_reference_id: String(req.paymentId),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: req.amountCents,
                product_data: { name: `Plano ${req.planName}: ${req.credits} créditos`, description: 'Créditos Técnico Certo para candidaturas a projetos' },
              },
            },
          ],
          metadata: { paymentId: String(req.paymentId), profissionalId: String(req.profissionalId) },
          success_url: `${req.publicUrl}/sucesso?pagamento=${req.paymentId}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${req.publicUrl}/cancelado?pagamento=${req.paymentId}`,
        },
        // Same payment row → same Stripe session, even if our request is retried.
        { idempotencyKey: `checkout-${req.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe did not return a Checkout URL');
      return { sessionId: session.id, url: session.url };
    },
  };
}

async function createCustomer(stripe: Stripe, req: CheckoutRequest, nif: string) {
  const morada = req.billing?.faturacaoMorada?.replace(/\s*\n\s*/g, ', ');
  const created = await stripe.customers.create(
    {
      email: req.email,
      ...(req.billing?.faturacaoNome ? { name: req.billing.faturacaoNome } : {}),
      ...(morada ? { address: { line1: morada, country: 'PT' } } : {}),
      tax_id_data: [{ type: 'eu_vat', value: `PT${nif}` }],
      metadata: { profissionalId: String(req.profissionalId), paymentId: String(req.paymentId) },
    },
    { idempotencyKey: `checkout-customer-${req.paymentId}` },
  );
  return created.id;
}

/**
 * Without Stripe keys: a page of ours, clearly marked as a demonstration, where the professional
 * confirms or cancels; confirmation goes through the same fulfilment code as a Stripe webhook.
 */
export const demoProvider: PaymentProvider = {
  name: 'demo',
  async createCheckout(req) {
    return { sessionId: `demo_${randomUUID()}`, url: `/pagamento-demo/${req.paymentId}` };
  },
};

/** Stripe's client, loaded only when its keys are set: without them the SDK would sit in memory unused. */
export async function makeStripe(env: Env): Promise<Stripe | undefined> {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}
