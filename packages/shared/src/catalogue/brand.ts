/** The product's name: one constant for header, page titles and e-mails. */
export const PRODUCT_NAME = 'Técnico Certo';
export const LOCALE = 'pt-PT';
export const TIME_ZONE = 'Europe/Lisbon';
export const CURRENCY = 'EUR';
/** Regions the marketing copy names. */
export const REGIONS = ['Lisboa', 'Setúbal', 'Porto', 'Algarve'] as const;
