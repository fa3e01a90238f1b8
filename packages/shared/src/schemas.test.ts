import { describe, expect, it } from 'vitest';
import {
  adminRegisterForm,
  clienteRegisterBody,
  createReviewBody,
  loginFormSchema,
  M,
  phoneField,
  profissionalRegisterBody,
  updateCreditsBody,
  TERMOS_M,
  useCreditsBody,
} from './index';

/** First message per field, as the forms (react-hook-form) and the server's error handler show them. */
function messages(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('shared schemas carry the spec messages', () => {
  it('login', () => {
    expect(messages(loginFormSchema.safeParse({ email: '', senha: '' }))).toEqual({ email: M.emailRequired, senha: M.senhaRequired });
    expect(messages(loginFormSchema.safeParse({ email: 'a@b.c', senha: 'curta' }))).toEqual({ email: M.emailInvalid, senha: M.senhaMin });
    expect(loginFormSchema.safeParse({ email: ' Ana@Exemplo.PT ', senha: 'Segura#123' }).data?.email).toBe('ana@exemplo.pt');
  });

  it('client and professional registration', () => {
    // Without ticking the terms box, sign-up is refused with its own message (docs/decisions/0016).
    expect(messages(clienteRegisterBody.safeParse({ nome: ' ', email: 'x', senha: '' }))).toEqual({
      nome: M.nomeRequired,
      email: M.emailFormatInvalid,
      senha: M.senhaRequired,
      aceitaTermos: TERMOS_M.obrigatorio,
    });
    expect(messages(profissionalRegisterBody.safeParse({ nome: 'A', email: 'a@b.pt', senha: '1234', cidade: '', bairro: '', aceitaTermos: true }))).toEqual({
      senha: M.senhaMinShort,
      cidade: M.cidadeRequired,
      bairro: M.bairroRequired,
    });
  });

  it('admin sign-up confirmation must match', () => {
    expect(messages(adminRegisterForm.safeParse({ nome: 'A', email: 'a@b.pt', senha: 'Segura#123', confirmarSenha: 'Outra#123' }))).toEqual({
      confirmarSenha: M.adminConfirmMismatch,
    });
  });

  it('Portuguese phone numbers', () => {
    expect(phoneField.safeParse('+351912345678').success).toBe(true);
    expect(phoneField.safeParse('912345678').success).toBe(false); // fewer than 10 characters
    expect(phoneField.safeParse('+351123').success).toBe(false);
    expect(messages(phoneField.safeParse(''))).toEqual({ '': M.telefoneRequired });
  });
});

describe('numbers in bodies', () => {
  it('take a number or its digits, never what z.coerce would turn into one', () => {
    expect(updateCreditsBody.parse({ creditos: 5 })).toEqual({ creditos: 5 });
    expect(updateCreditsBody.parse({ creditos: ' 12 ' })).toEqual({ creditos: 12 });
    for (const creditos of [true, null, '', '1e3', '0x10', [5], '2.5', 2.5]) {
      expect(messages(updateCreditsBody.safeParse({ creditos }))).toEqual({ creditos: M.adminCreditosInvalid });
    }
    for (const nota of [true, [4], '4.0', '1e0']) expect(createReviewBody.safeParse({ profissionalId: 1, nota, comentario: 'Bom' }).success).toBe(false);
    expect(createReviewBody.parse({ profissionalId: '1', nota: '4', comentario: 'Bom' }).nota).toBe(4);
    expect(useCreditsBody.safeParse({ requestId: 1, quantidade: null }).success).toBe(false);
  });
});
