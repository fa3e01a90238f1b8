import { z } from 'zod';
import { numberFromText, requiredText, specialtyField } from './fields';

const horaMsg = 'Indique uma hora entre 0 e 24.';
const hora = numberFromText(z.number({ error: horaMsg }).int({ error: horaMsg }).min(0, { error: horaMsg }).max(24, { error: horaMsg }));

/** Whether a professional takes emergencies ("Urgente 24h") and between which hours (Lisbon time). */
export const urgenciasSettings = z
  .object({
    aceitaUrgencias: z.boolean({ error: 'Indique se aceita urgências.' }),
    inicio: hora,
    fim: hora,
  })
  .refine((v) => v.inicio < 24 && v.fim > 0 && v.inicio !== v.fim, {
    message: 'O horário de urgências deve começar entre as 0 e as 23 horas e acabar noutra hora (0–24 é o dia inteiro).',
    path: ['fim'],
  });
export type UrgenciasSettings = z.infer<typeof urgenciasSettings>;

/** How many professionals of a district (and specialty) take emergencies: shown before publishing one. */
export const urgenciasDisponiveisQuery = z.object({
  bairro: requiredText('Indique o distrito.', 80),
  especialidade: specialtyField('Especialidade inválida.').optional(),
});
export const urgenciasDisponiveis = z.object({
  /** Take emergencies at some hour. */
  total: z.number().int(),
  /** On call at this very hour. */
  agora: z.number().int(),
});
export type UrgenciasDisponiveis = z.infer<typeof urgenciasDisponiveis>;
