import { z } from 'zod';
import { M, OTP_LENGTH } from '../ui-texts';
import { emailField, passwordField } from './fields';

export const otpSendBody = z.object({ email: emailField(M.recEmailRequired, M.recEmailInvalid) });
export const otpValidateBody = z.object({
  email: emailField(M.otpEmailMissing, M.recEmailInvalid),
  code: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.otpDigits),
});
/** `message: true` means valid (spec §7); `resetToken` is required by recovery-password (DESIGN §4). */
export const otpValidateResponse = z.object({ message: z.boolean(), resetToken: z.string().optional() });
export type OtpValidateResponse = z.infer<typeof otpValidateResponse>;
export const recoveryPasswordBody = z.object({
  email: emailField(M.recEmailRequired, M.recEmailInvalid),
  novaSenha: passwordField(M.recNovaSenhaRequired, M.senhaMin),
  resetToken: z.string().min(1, M.otpInvalid),
});
export const recoveryPasswordForm = z
  .object({
    novaSenha: passwordField(M.recNovaSenhaRequired, M.senhaMin),
    confirmarSenha: z.string().min(1, M.recConfirmRequired),
  })
  .refine((v) => v.novaSenha === v.confirmarSenha, { path: ['confirmarSenha'], message: M.recConfirmMismatch });
