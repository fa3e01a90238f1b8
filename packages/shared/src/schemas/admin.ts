import { z } from 'zod';
import { PLAN_VALUES } from '../catalogue/plans';
import { REVIEW_STATUSES, VERIFICATION_STATUSES } from '../catalogue/statuses';
import { PAYMENT_METHODS } from './credits';
import { paged, requestResponse } from './requests';
import { PAYMENT_STATES } from './responses';

/** What the back office reads (the routes of modules/admin): one schema per answer, the web's types inferred from them. */

export const adminStats = z.object({
  valorRecebido: z.number(),
  valorTotal: z.number(),
  clientes: z.number().int(),
  profissionais: z.number().int(),
  projetos: z.number().int(),
  pendentes: z.object({ projetos: z.number().int(), reviews: z.number().int(), verificacoes: z.number().int(), pagamentosPorConciliar: z.number().int() }),
  receitaPorMes: z.array(z.object({ mes: z.string(), recebido: z.number(), total: z.number() })),
  projetosPorSemana: z.array(z.object({ semana: z.string(), total: z.number().int() })),
  registosPorSemana: z.array(z.object({ semana: z.string(), clientes: z.number().int(), profissionais: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStats>;

/** The spec's counters: GET /requests/total answers the bare number, /cliente/total and /profissional/total `{ total }`. */
export const adminCount = z.number().int();
export type AdminCount = z.infer<typeof adminCount>;
export const adminTotal = z.object({ total: z.number().int() });
export type AdminTotal = z.infer<typeof adminTotal>;
/** GET /subscriptions/valorPagoTotal: euros received (paid purchases), a bare number. */
export const adminEuros = z.number();
export type AdminEuros = z.infer<typeof adminEuros>;

/** A project in the back office's list: the project's own fields, with the client and the applicants counted. */
export const adminProject = requestResponse
  .pick({
    id: true,
    titulo: true,
    descricao: true,
    cidade: true,
    bairro: true,
    especialidade: true,
    tempo: true,
    clienteId: true,
    creditos: true,
    status: true,
    criadoEm: true,
  })
  .extend({
    especialidadeLabel: z.string(),
    contato: z.string(),
    candidaturas: z.number().int(),
    /** `emailConfirmado` false: the project cannot be approved yet ("E-mail por confirmar"). Null once the client left. */
    cliente: z.object({ nome: z.string(), email: z.string().nullable(), emailConfirmado: z.boolean() }).nullable(),
  });
export type AdminProject = z.infer<typeof adminProject>;
export const adminProjectsPage = paged(adminProject);

export const adminReview = z.object({
  id: z.number().int(),
  profissionalId: z.number().int(),
  clienteId: z.number().int(),
  requestId: z.number().int().nullable(),
  nota: z.number().int(),
  comentario: z.string(),
  status: z.enum(REVIEW_STATUSES),
  criadoEm: z.string(),
  cliente: z.object({ nome: z.string() }),
  profissional: z.object({ nome: z.string() }),
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsPage = paged(adminReview);

/** A review approved or rejected: its new status and the professional's new average. */
export const reviewDecision = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  profissionalId: z.number().int(),
  notaMedia: z.number().nullable(),
});
export type ReviewDecision = z.infer<typeof reviewDecision>;
export const deletedId = z.object({ id: z.number().int() });

export const adminCliente = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  fotoUrl: z.string().nullable(),
  criadoEm: z.string(),
  projetos: z.number().int(),
  emailConfirmado: z.boolean(),
  emailConfirmadoEm: z.string().nullable(),
});
export type AdminCliente = z.infer<typeof adminCliente>;
export const adminClientesPage = paged(adminCliente);

export const adminProfissional = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  cidade: z.string().nullable(),
  bairro: z.string().nullable(),
  especialidades: z.array(z.string()),
  especialidadesLabels: z.array(z.string()),
  fotoUrl: z.string().nullable(),
  notaMedia: z.number().nullable(),
  verificacao: z.enum(VERIFICATION_STATUSES).nullable(),
  verificadoEm: z.string().nullable(),
  verificadoPorNome: z.string().nullable(),
  temFrente: z.boolean(),
  temVerso: z.boolean(),
  criadoEm: z.string(),
});
export type AdminProfissional = z.infer<typeof adminProfissional>;
export const adminProfissionaisPage = paged(adminProfissional);

export const verificationDecision = z.object({ id: z.number().int(), verificacao: z.enum(['VERIFICADO', 'RECUSADO']), verificadoEm: z.string() });

export const adminPayment = z.object({
  id: z.number().int(),
  plano: z.enum(PLAN_VALUES),
  valorCentimos: z.number().int(),
  creditos: z.number().int(),
  metodo: z.enum(PAYMENT_METHODS),
  estado: z.enum(PAYMENT_STATES),
  provider: z.string(),
  criadoEm: z.string(),
  pagoEm: z.string().nullable(),
  /** Both null once the professional deleted the account (the payment is kept). */
  profissionalId: z.number().int().nullable(),
  profissionalNome: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;
/** The page plus the count and sum of the whole selection. */
export const adminPaymentsPage = paged(adminPayment).extend({ total: z.number().int(), somaEuros: z.number() });
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPage>;

export const auditEntry = z.object({
  id: z.number().int(),
  actorTipo: z.enum(['cliente', 'profissional', 'admin']),
  actorId: z.number().int().nullable(),
  acao: z.string(),
  alvoTipo: z.string().nullable(),
  alvoId: z.number().int().nullable(),
  detalhes: z.record(z.string(), z.unknown()).nullable(),
  criadoEm: z.string(),
  adminNome: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = paged(auditEntry);
