/**
 * What happened, as the modules that own each event tell it. `notify(tx, event)` (notify.ts) turns
 * an event into in-app notifications and outbox e-mails in the caller's transaction, so nothing is
 * announced that did not happen and nothing that happened goes unannounced.
 * Each event carries ids only; notify reads names, titles and addresses itself.
 */
export type NotificationEvent =
  // To the client
  | { tipo: 'projeto_aprovado'; requestId: number }
  | { tipo: 'nova_candidatura'; requestId: number; profissionalId: number }
  | { tipo: 'projeto_lotado'; requestId: number }
  | { tipo: 'avaliacao_publicada'; reviewId: number }
  /** The chosen professional accepted (with a date) or disputed the client's guarantee claim. */
  | { tipo: 'garantia_respondida'; garantiaId: number }
  /** An admin closed a guarantee claim: its client and its professional hear the resolution. */
  | { tipo: 'garantia_fechada'; garantiaId: number }
  // To professionals
  /** Fan-out to professionals with the project's specialty in its district (urgent: at once; others: per preference). */
  | { tipo: 'novo_projeto_na_zona'; requestId: number }
  | { tipo: 'escolhido'; requestId: number; profissionalId: number }
  | { tipo: 'nao_escolhido'; requestId: number; profissionalId: number }
  /** The project the professional applied to was closed or removed; `reembolso` in credits when refunded. */
  | { tipo: 'projeto_fechado'; requestId: number; profissionalId: number; titulo: string; reembolso: number | null }
  | { tipo: 'reembolso'; profissionalId: number; requestId: number; titulo: string; creditos: number; motivo: string }
  | { tipo: 'avaliacao_aprovada'; reviewId: number }
  | { tipo: 'pagamento_confirmado'; paymentId: number }
  /** A client opened a guarantee claim about this professional's work (docs/decisions/0014). */
  | { tipo: 'garantia_acionada'; garantiaId: number }
  // To admins (one digest, not a mail per event)
  | { tipo: 'admin_projeto_pendente'; requestId: number }
  | { tipo: 'admin_avaliacao_pendente'; reviewId: number }
  | { tipo: 'admin_documentos_pendentes'; profissionalId: number }
  | { tipo: 'admin_lead_reportado'; reportId: number }
  | { tipo: 'admin_garantia_acionada'; garantiaId: number }
  // To the client, transactional (not switchable off)
  /** `link`: the absolute, signed confirmation address (made by the module that checks it). */
  | { tipo: 'confirmar_email'; clienteId: number; link: string };

export type NotificationKind = NotificationEvent['tipo'];
