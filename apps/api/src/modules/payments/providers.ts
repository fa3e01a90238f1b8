import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import type { Env } from '../../config/env';
import type { PaymentMethod } from '@tc/shared';

export interface CheckoutRequest {
  paymentId: number;
  profissionalId: number;
  planName: string;
  credits: number;
  amountCents: number;
  metodo: PaymentMethod;
  email: string;
  publicUrl: string;
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
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: [req.metodo],
          currency: 'eur',
          locale: 'pt',
          customer_email: req.email,
          client_reference_id: String(req.paymentId),
          line_items: [{
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: req.amountCents,
              product_data: { name: `Plano ${req.planName}: ${req.credits} créditos`, description: 'Créditos Técnico Certo para candidaturas a projetos' },
            },
          }],
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

export function makeStripe(env: Env): Stripe | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}
