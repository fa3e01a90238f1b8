/**
 * The audit log's actions and targets as the back office shows them (issue 12: never the stored code).
 * Every action the API records has a label here (apps/api/src/modules/audit/audit-labels.test.ts reads the API's calls).
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  PROJETO_APROVADO: 'Aprovou projeto',
  PROJETO_CREDITOS: 'Definiu créditos',
  PROJETO_ELIMINADO: 'Eliminou projeto',
  REVIEW_APROVADA: 'Aprovou review',
  REVIEW_REPROVADA: 'Reprovou review',
  REVIEW_ELIMINADA: 'Eliminou review',
  DOCUMENTO_VISTO: 'Viu documento',
  PROFISSIONAL_VERIFICADO: 'Verificou profissional',
  PROFISSIONAL_RECUSADO: 'Recusou verificação',
  ADMIN_CRIADO: 'Criou administrador',
  PAGAMENTO_CONCILIADO: 'Resolveu pagamento por conciliar',
  LEAD_REEMBOLSADO: 'Reembolsou contacto reportado',
  LEAD_RECUSADO: 'Recusou reporte de contacto',
  GARANTIA_FECHADA: 'Encerrou pedido de garantia',
};

export const AUDIT_TARGET_LABELS: Record<string, string> = {
  request: 'Projeto',
  review: 'Review',
  profissional: 'Profissional',
  admin: 'Administrador',
  cliente: 'Cliente',
  pagamento_anomalia: 'Pagamento por conciliar',
  lead_report: 'Contacto reportado',
  garantia: 'Pedido de garantia',
};

/** An action recorded by a newer server than this page knows: a neutral text, not the code. */
export const auditActionLabel = (acao: string) => AUDIT_ACTION_LABELS[acao] ?? 'Outra ação';
export const auditTargetLabel = (tipo: string | null | undefined) => (tipo ? (AUDIT_TARGET_LABELS[tipo] ?? 'Registo') : 'Registo');
