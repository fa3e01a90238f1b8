import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { M } from '../ui-texts';

/**
 * PT phone; the country is locked to +351 on the web. Its own module: libphonenumber's metadata
 * weighs more than the rest of the field schemas, and only the profile forms need it.
 */
export const phoneField = z
  .string({ error: M.telefoneRequired })
  .trim()
  .min(1, M.telefoneRequired)
  .min(10, M.telefoneInvalid)
  .refine((v) => isValidPhoneNumber(v, 'PT'), M.telefoneInvalid);
