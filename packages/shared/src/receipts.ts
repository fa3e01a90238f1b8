import { PRODUCT_NAME } from './catalogue/brand';
import { formatYear } from './format';

/**
 * Who sells the credits, as the receipt names it.
 * PLACEHOLDER: the company's legal name, NIF and registered address are not known yet. Replace them
 * with the real ones and set `ficticio: false` before real money is taken; while it is true the
 * receipt says these details are illustrative.
 */
export const SELLER = {
  ficticio: true,
  designacao: `${PRODUCT_NAME}, Lda.`,
  nif: '000 000 000',
  morada: 'Rua de Exemplo, 1, 1000-000 Lisboa',
  email: 'faturacao@tecnicocerto.pt',
} as const;

/** Standard VAT rate in mainland Portugal; plan prices include it. */
export const IVA_TAXA = 23;

/**
 * Splits a price that includes VAT into base and VAT, in whole cents: the base is the price divided
 * by 1.23, rounded to the nearest cent (half up), and the VAT is what remains, so base + VAT is
 * always exactly the price paid. Integer arithmetic only (no floating-point cents).
 */
export function ivaIncluido(totalCentimos: number, taxa: number = IVA_TAXA) {
  const divisor = 100 + taxa;
  const baseCentimos = Math.floor((2 * totalCentimos * 100 + divisor) / (2 * divisor));
  return { baseCentimos, ivaCentimos: totalCentimos - baseCentimos, taxa };
}

/** "TC-2026-000123": the year of payment (Lisbon time) and the payment's id, so one number per purchase, never reused. */
export const receiptNumber = (paymentId: number, paidAt: Date | string) => `TC-${formatYear(paidAt)}-${String(paymentId).padStart(6, '0')}`;
