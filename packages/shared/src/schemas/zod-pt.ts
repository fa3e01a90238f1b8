import { z } from 'zod';

/**
 * pt-PT words for every zod issue a schema does not name itself (the schemas' own messages win), so
 * no English validation text ("Invalid input: expected number...") reaches a person.
 */
export function portugueseIssue(iss: z.core.$ZodRawIssue): string {
  const n = (v: unknown) => (typeof v === 'bigint' ? v.toString() : String(v));
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null ? 'Campo obrigatório.' : 'Valor inválido.';
    case 'too_small':
      if (iss.origin === 'string') return `Mínimo ${n(iss.minimum)} caracteres.`;
      if (iss.origin === 'array' || iss.origin === 'set') return `Escolha pelo menos ${n(iss.minimum)}.`;
      return `O valor mínimo é ${n(iss.minimum)}.`;
    case 'too_big':
      if (iss.origin === 'string') return `Máximo ${n(iss.maximum)} caracteres.`;
      if (iss.origin === 'array' || iss.origin === 'set') return `No máximo ${n(iss.maximum)}.`;
      return `O valor máximo é ${n(iss.maximum)}.`;
    case 'invalid_format':
      return iss.format === 'email' ? 'E-mail inválido.' : iss.format === 'url' ? 'Endereço inválido.' : 'Formato inválido.';
    case 'not_multiple_of':
      return 'Valor inválido.';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Opção inválida.';
    case 'unrecognized_keys':
      return 'Campos não reconhecidos.';
    default:
      return 'Valor inválido.';
  }
}
