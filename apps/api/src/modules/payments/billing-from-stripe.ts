import type Stripe from 'stripe';
import { FATURACAO_MORADA_MAX, FATURACAO_NOME_MAX, isValidNif, normalizeNif } from '@tc/shared';
import type { payments } from '../../db/schema';

type Billing = Partial<Pick<typeof payments.$inferInsert, 'nif' | 'faturacaoNome' | 'faturacaoMorada'>>;

/**
 * A Portuguese tax id typed in Stripe Checkout (tax id collection) for a payment that has none of ours:
 * the receipt should carry it. Only a valid PT VAT number counts, with the business name and address
 * Stripe collected alongside; fields the professional already gave on our page are kept.
 */
export function billingFromSession(session: Partial<Stripe.Checkout.Session>, current: Billing): Billing {
  if (current.nif) return {};
  const details = session.customer_details;
  const taxId = details?.tax_ids?.find((t) => t.type === 'eu_vat' && /^PT/i.test(t.value ?? ''));
  const nif = taxId?.value ? normalizeNif(taxId.value) : '';
  if (!isValidNif(nif)) return {};
  const a = details?.address;
  const morada = a
    ? [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), a.country && a.country !== 'PT' ? a.country : null].filter(Boolean).join(', ')
    : '';
  const nome = (details?.business_name ?? details?.name ?? '').trim();
  return {
    nif,
    ...(!current.faturacaoNome && nome ? { faturacaoNome: nome.slice(0, FATURACAO_NOME_MAX) } : {}),
    ...(!current.faturacaoMorada && morada ? { faturacaoMorada: morada.slice(0, FATURACAO_MORADA_MAX) } : {}),
  };
}
