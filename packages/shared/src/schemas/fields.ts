import { z } from 'zod';
import { PASSWORD_MIN } from '../ui-texts';
import { portugueseIssue } from './zod-pt';
import { findSpecialty, SPECIALTY_VALUES } from '../catalogue/specialties';

// Every schema file imports this one: zod's own issues are worded in pt-PT wherever schemas load
// (a call here, not a bare import: the package is marked free of side effects for the bundler).
z.config({ customError: portugueseIssue });

export { CONTROL_CHARS } from '../control-chars';

/** "shape {email} with 2+ characters after the dot" (spec §5). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export const emailField = (required: string, invalid: string) =>
  z.string({ error: required }).trim().toLowerCase().min(1, required).max(254, invalid).regex(EMAIL_RE, invalid);

export const passwordField = (required: string, tooShort: string) =>
  z.string({ error: required }).min(1, required).min(PASSWORD_MIN, tooShort).max(128, 'A senha pode ter no máximo 128 caracteres');

export const requiredText = (message: string, max = 120) => z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);

/**
 * A positive whole number within PostgreSQL's integer, as every id is: a number, or digits in a
 * string (paths, forms); never `true`, `1.5` or `1e3`, which a plain coercion would turn into ids.
 */
export const idParam = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Identificador inválido.' })
    .int('Identificador inválido.')
    .positive('Identificador inválido.')
    .max(2_147_483_647, 'Identificador inválido.'),
);
export const idParams = z.object({ id: idParam });

/**
 * A number field that also takes its number as digits in a string ("5", from a form input). Unlike
 * `z.coerce.number()`, it never turns `true`, `null`, `""`, `[5]` or `"1e3"` into a number.
 */
export const numberFromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v) ? Number(v) : v), schema);

/**
 * A specialty, by its value or by its label as people (and the original web client) write it, in any
 * case, with or without accents: "Desentupimentos", "desentupimentos" and the value all name one.
 */
export const specialtyField = (error: string) =>
  z
    .string({ error })
    .transform((v) => findSpecialty(v)?.value ?? v)
    .pipe(z.enum(SPECIALTY_VALUES, { error }));
