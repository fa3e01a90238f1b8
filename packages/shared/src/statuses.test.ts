import { describe, expect, it } from 'vitest';
import { ALL_STATUSES_LABEL, auditActionLabel, auditTargetLabel, PAYMENT_STATE_LABELS, REVIEW_STATUS_LABELS, VERIFICATION_STATUS_LABELS } from './index';

describe('status labels (issue 12: no stored code reaches a screen)', () => {
  it('writes statuses as words, not codes', () => {
    expect(REVIEW_STATUS_LABELS).toEqual({ ESPERA: 'Pendente', APROVADO: 'Aprovado', NEGADO: 'Reprovado' });
    expect(VERIFICATION_STATUS_LABELS).toEqual({ PENDENTE: 'Pendente', VERIFICADO: 'Verificado', RECUSADO: 'Recusado' });
    expect(PAYMENT_STATE_LABELS.PAGO).toBe('Pago');
    expect(ALL_STATUSES_LABEL).toBe('Todos');
  });

  it('gives an audit action or target it does not know a neutral text, never the code', () => {
    expect(auditActionLabel('PROJETO_APROVADO')).toBe('Aprovou projeto');
    expect(auditActionLabel('ACAO_NOVA')).toBe('Outra ação');
    expect(auditTargetLabel('lead_report')).toBe('Contacto reportado');
    expect(auditTargetLabel('coisa_nova')).toBe('Registo');
  });
});
