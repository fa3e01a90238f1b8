import { z } from 'zod';
import { M } from '../ui-texts';
import { emailField, passwordField, requiredText } from './fields';
import { aceitaTermosField } from './termos';

export const loginTipo = z.enum(['cliente', 'profissional', 'admin'], { error: M.tipoInvalido });

/** Client and professional login form (spec §5). Login only checks presence and shape. */
export const loginFormSchema = z.object({
  email: emailField(M.emailRequired, M.emailInvalid),
  senha: passwordField(M.senhaRequired, M.senhaMin),
});
export const adminLoginFormSchema = z.object({
  email: emailField(M.adminEmailRequired, M.adminEmailInvalid),
  senha: passwordField(M.senhaRequired, M.adminSenhaMin),
});
/** The server only needs presence: a wrong password of any length is simply a wrong password. */
export const loginBody = z.object({
  email: emailField(M.emailRequired, M.emailInvalid),
  senha: z.string({ error: M.senhaRequired }).min(1, M.senhaRequired).max(128),
  tipo: loginTipo,
});
/**
 * `termosPorAceitar: true` only for a client or professional whose last accepted terms version is
 * older than the current one (docs/decisions/0016); absent otherwise, so the spec's answer is unchanged.
 */
export const loginResponse = z.object({ id: z.number().int(), access_token: z.string(), termosPorAceitar: z.literal(true).optional() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const clienteRegisterBody = z.object({
  nome: requiredText(M.nomeRequired),
  email: emailField(M.emailRequired, M.emailFormatInvalid),
  senha: passwordField(M.senhaRequired, M.senhaMin),
  aceitaTermos: aceitaTermosField,
});
export type ClienteRegisterBody = z.infer<typeof clienteRegisterBody>;

export const profissionalRegisterBody = z.object({
  nome: requiredText(M.nomeRequired),
  email: emailField(M.emailRequired, M.emailInvalid),
  senha: passwordField(M.senhaRequired, M.senhaMinShort),
  cidade: requiredText(M.cidadeRequired, 80),
  bairro: requiredText(M.bairroRequired, 80),
  aceitaTermos: aceitaTermosField,
});
export type ProfissionalRegisterBody = z.infer<typeof profissionalRegisterBody>;

export const adminRegisterBody = z.object({
  nome: requiredText(M.adminNomeRequired),
  email: emailField(M.adminSignupEmailRequired, M.adminSignupEmailInvalid),
  senha: passwordField(M.senhaRequired, M.adminSignupSenhaMin),
});
export const adminRegisterForm = adminRegisterBody
  .extend({ confirmarSenha: z.string().min(1, M.adminConfirmRequired) })
  .refine((v) => v.senha === v.confirmarSenha, { path: ['confirmarSenha'], message: M.adminConfirmMismatch });

export const registerResponse = z.object({ id: z.number().int() });
export type RegisterResponse = z.infer<typeof registerResponse>;
export const messageResponse = z.object({ message: z.string() });
/** PUT /{tipo}/change-password: the other sessions end, this one gets a new token. */
export const passwordChanged = messageResponse.extend({ access_token: z.string() });
export type PasswordChanged = z.infer<typeof passwordChanged>;
/** POST /cliente/reenviar-confirmacao: sent, and to which address. */
export const confirmationResent = messageResponse.extend({ email: z.string() });
export type ConfirmationResent = z.infer<typeof confirmationResent>;
export type MessageResponse = z.infer<typeof messageResponse>;
export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A new account, signed in: its id and its session token. */
export const registered = z.object({ id: z.number().int(), access_token: z.string() });
export type Registered = z.infer<typeof registered>;
