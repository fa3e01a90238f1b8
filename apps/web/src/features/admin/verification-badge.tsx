import { CircleCheck, CircleX, Clock, FileX } from 'lucide-react';
import { formatDate, VERIFICATION_STATUS_LABELS as L } from '@tc/shared';
import type { AdminProfissional } from './admin-api';

/** Pendente / Verificado (by whom, when) / Recusado / Sem documentos. */
export function VerificationBadge({ profissional: p }: { profissional: AdminProfissional }) {
  const who = [p.verificadoPorNome && `por ${p.verificadoPorNome}`, p.verificadoEm && `em ${formatDate(p.verificadoEm)}`].filter(Boolean).join(' ');
  if (p.verificacao === 'VERIFICADO') {
    return (
      <span className="badge badge-success">
        <CircleCheck size={14} aria-hidden /> {L.VERIFICADO}
        {who ? ` ${who}` : ''}
      </span>
    );
  }
  if (p.verificacao === 'RECUSADO') {
    return (
      <span className="badge badge-danger">
        <CircleX size={14} aria-hidden /> {L.RECUSADO}
        {who ? ` ${who}` : ''}
      </span>
    );
  }
  if (p.verificacao === 'PENDENTE' || p.temFrente || p.temVerso) {
    return (
      <span className="badge badge-warning">
        <Clock size={14} aria-hidden /> {L.PENDENTE}
      </span>
    );
  }
  return (
    <span className="badge badge-neutral">
      <FileX size={14} aria-hidden /> Sem documentos
    </span>
  );
}
