import { z } from 'zod';
import { M } from '../ui-texts';
import { emailField, idParam, passwordField, requiredText, specialtyField } from './fields';
import { phoneField } from './phone';

/** GET /cliente/account/{email}, GET /profissional/account/{email}. */
export const accountResponse = z.object({
  id: z.number().int(),
  fotoUrl: z.string().nullable(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  bio: z.string().nullable().optional(),
  /** Clients only: false until the link e-mailed at sign-up (or after an e-mail change) is opened. */
  emailConfirmado: z.boolean().optional(),
});
export type Account = z.infer<typeof accountResponse>;

/** Text parts of the multipart profile forms (files are checked separately, by content). */
export const clienteCompleteProfileFields = z.object({ id: idParam, telefone: phoneField });
export const profissionalCompleteProfileFields = z.object({
  id: idParam,
  telefone: phoneField,
  bio: z.string().trim().max(1000, 'Máximo 1000 caracteres').optional().default(''),
  // Each once, in the order chosen: a specialty sent twice means nothing more (and every row of the
  // directory's best-rated index carries the list, docs/decisions/0006).
  especialidades: z
    .array(specialtyField('Especialidade desconhecida'))
    .min(1, M.especialidadeMin)
    .transform((values) => [...new Set(values)]),
  consentimento: z.literal('true', { error: M.consentimentoRequired }),
});

export const editProfileFields = z.object({
  id: idParam,
  nome: requiredText(M.nomeRequired),
  email: emailField(M.emailRequired, M.emailInvalid),
  telefone: z.union([z.literal(''), phoneField]).optional(),
  bio: z.string().trim().max(1000, 'Máximo 1000 caracteres').optional(),
  /** Required only when the e-mail changes (the e-mail is what password recovery trusts). */
  senhaAtual: z.string().max(128).optional(),
});

export const changePasswordBody = z.object({
  id: idParam,
  senhaAtual: z.string({ error: M.senhaAtualRequired }).min(1, M.senhaAtualRequired).max(128),
  novaSenha: passwordField(M.novaSenhaRequired, M.novaSenhaMin),
});

export { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '../catalogue/images';

/** PUT /cliente/complete-profile. */
export const clienteProfileCompleted = z.object({ id: z.number().int(), telefone: z.string(), fotoUrl: z.string().nullable() });
export type ClienteProfileCompleted = z.infer<typeof clienteProfileCompleted>;
/** PUT /profissional/complete-profile: the documents wait for an admin's check. */
export const profissionalProfileCompleted = z.object({
  id: z.number().int(),
  fotoUrl: z.string().nullable(),
  especialidades: z.array(z.string()),
  verificacao: z.literal('PENDENTE'),
});
export type ProfissionalProfileCompleted = z.infer<typeof profissionalProfileCompleted>;

/**
 * GET /{tipo}/export-data (RGPD): every table's rows about the person, as stored. The top-level keys
 * are listed; the rows inside go out whole (a new column is exported without touching this schema).
 */
export const dataExport = z.looseObject({ tipo: z.enum(['cliente', 'profissional']), exportadoEm: z.string(), conta: z.record(z.string(), z.unknown()) });
export type DataExport = z.infer<typeof dataExport>;
