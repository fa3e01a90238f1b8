/**
 * Portuguese tax number (NIF / NIPC): the one validator the checkout form and the API both use.
 * Nine digits; the last is a mod-11 check digit over the first eight (weights 9..2); the first digit
 * (or first two) say what kind of taxpayer it is, and only some are ever issued.
 */

/** First digits of NIFs issued to persons (1, 2, 3), companies (5), public bodies (6), sole traders (8). */
const SINGLE_PREFIXES = ['1', '2', '3', '5', '6', '8'];
/** Two-digit prefixes: non-residents (45), estates and special entities (70–79), irregular entities and collective persons (90, 91, 98, 99). */
const DOUBLE_PREFIXES = ['45', '70', '71', '72', '74', '75', '77', '79', '90', '91', '98', '99'];

export type NifProblem = 'formato' | 'prefixo' | 'controlo';

export const NIF_MESSAGES: Record<NifProblem, string> = {
  formato: 'O NIF tem 9 algarismos (por exemplo, 123456789).',
  prefixo: 'Este NIF não existe: confirme os primeiros algarismos.',
  controlo: 'Este NIF não é válido: o último algarismo (de controlo) não corresponde aos outros. Confirme o número.',
};

/** "123 456 789", "PT123456789" → "123456789" (spaces, dots, dashes and the PT prefix people type). */
export function normalizeNif(value: string): string {
  return value.replace(/[\s.-]/g, '').replace(/^PT/i, '');
}

/** The check digit for the first eight digits: 11 − (Σ dᵢ·(9−i) mod 11), and 0 when that is 10 or 11. */
export function nifCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(firstEight[i]) * (9 - i);
  const check = 11 - (sum % 11);
  return check >= 10 ? 0 : check;
}

/** What is wrong with a (normalised) NIF, or null when it is valid. */
export function nifProblem(value: string): NifProblem | null {
  const nif = normalizeNif(value);
  if (!/^\d{9}$/.test(nif)) return 'formato';
  if (!SINGLE_PREFIXES.includes(nif[0]!) && !DOUBLE_PREFIXES.includes(nif.slice(0, 2))) return 'prefixo';
  if (nifCheckDigit(nif) !== Number(nif[8])) return 'controlo';
  return null;
}

export const isValidNif = (value: string) => nifProblem(value) === null;

/** "123 456 789", as a receipt shows it. */
export const formatNif = (nif: string) => normalizeNif(nif).replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
