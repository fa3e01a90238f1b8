import { z } from 'zod';
import { seloSchema } from './selos';

/** An image or file answered as bytes (its content type says which): nothing to serialise. */
export const fileBytes = z.any().describe('Os bytes do ficheiro (o tipo vem no Content-Type)');
/** A page of HTML written by the server (text/html): sent as is, never serialised. */
export const htmlPage = z.string().describe('Página HTML (text/html)');

/** Every paged list the API answers. */
export type Paged<T> = { items: T[]; page: number; pageSize: number; hasMore: boolean };

/** A professional as anyone may see it (never the e-mail nor the ID documents). */
export const profissionalCard = z.object({
  id: z.number().int(),
  nome: z.string(),
  especialidades: z.array(z.string()),
  especialidadesLabels: z.array(z.string()),
  cidade: z.string(),
  bairro: z.string(),
  fotoUrl: z.string().nullable(),
  notaMedia: z.number().nullable(),
  /** Approved reviews behind `notaMedia`. */
  totalAvaliacoes: z.number().int(),
  verificado: z.boolean(),
  /** Badges earned (VERIFICADO, TOP_AVALIADO, ...), in catalogue order: see schemas/selos.ts. */
  selos: z.array(seloSchema),
});
export type ProfissionalCard = z.infer<typeof profissionalCard>;

/**
 * A professional in the search list (spec §3 "Professional (list/detail)"): the card plus
 * `especialidade`, the label of the first specialty, and `descricao`, the bio (null when none).
 */
export const profissionalListItem = profissionalCard.extend({
  especialidade: z.string().nullable(),
  descricao: z.string().nullable(),
});
export type ProfissionalListItem = z.infer<typeof profissionalListItem>;

export const profissionalPerfil = profissionalListItem.extend({
  telefone: z.string().nullable(),
  contato: z.string().nullable(),
});
export type ProfissionalPerfil = z.infer<typeof profissionalPerfil>;

export const PAYMENT_STATES = ['PENDENTE', 'PAGO', 'CANCELADO', 'FALHADO'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentResponse = z.object({
  id: z.number().int(),
  /** Null once the professional deleted the account (the payment itself is kept). */
  profissionalId: z.number().int().nullable().optional(),
  plano: z.string(),
  valorCentimos: z.number().int(),
  creditos: z.number().int(),
  metodo: z.string(),
  provider: z.string().optional(),
  estado: z.enum(PAYMENT_STATES),
  criadoEm: z.string(),
  pagoEm: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentResponse>;

/** GET /health: the process is alive. */
export const healthResponse = z.object({ ok: z.boolean() });
const dependencyCheck = z.enum(['ok', 'falha', 'nao_configurado']);
/** GET /ready: whether this instance can serve, dependency by dependency. */
export const readyResponse = z.object({
  ok: z.boolean(),
  baseDeDados: dependencyCheck,
  redis: dependencyCheck,
  armazenamento: dependencyCheck,
  message: z.string().optional(),
});
