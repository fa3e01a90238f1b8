/**
 * The lead reports' rules and labels (issue 10), without zod: the professional's applications and the
 * back office's list read them and need no schema. The payloads are in schemas/leads.ts.
 */

/** Days after applying during which a professional may report the lead. */
export const LEAD_REPORT_DAYS = 7;
export const LEAD_REPORT_NOTE_MAX = 500;

export const LEAD_REPORT_MOTIVOS = ['CONTACTO_INVALIDO', 'CLIENTE_NAO_RESPONDE', 'DUPLICADO'] as const;
export type LeadReportMotivo = (typeof LEAD_REPORT_MOTIVOS)[number];
export const LEAD_REPORT_MOTIVO_LABELS: Record<LeadReportMotivo, string> = {
  CONTACTO_INVALIDO: 'Contacto inválido',
  CLIENTE_NAO_RESPONDE: 'Cliente não responde',
  DUPLICADO: 'Duplicado',
};

export const LEAD_REPORT_ESTADOS = ['ABERTO', 'REEMBOLSADO', 'RECUSADO'] as const;
export type LeadReportEstado = (typeof LEAD_REPORT_ESTADOS)[number];
export const LEAD_REPORT_ESTADO_LABELS: Record<LeadReportEstado, string> = {
  ABERTO: 'Por decidir',
  REEMBOLSADO: 'Reembolsado',
  RECUSADO: 'Recusado',
};
