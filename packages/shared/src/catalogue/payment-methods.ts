/** How a purchase of credits is paid, with its label, without zod (the checkout's schema is in schemas/credits.ts). */

export const PAYMENT_METHODS = ['card', 'mb_way', 'multibanco'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Cartão de crédito ou débito',
  mb_way: 'MB WAY',
  multibanco: 'Multibanco',
};
