import { useState } from 'react';
import { CalendarClock, CircleCheck, Clock, MessageSquareWarning, ShieldAlert, ShieldCheck } from 'lucide-react';
import { formatDate, formatDateTime, GARANTIA_ESTADO_LABELS, GUARANTEE_DAYS, guaranteeDeadline, type GarantiaResumo, type RequestDto } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { OpenGuaranteeDialog } from './open-guarantee-dialog';
import './garantias.css';

const ICON = { ABERTA: Clock, ACEITE: CalendarClock, CONTESTADA: MessageSquareWarning, FECHADA: CircleCheck };
const BADGE = { ABERTA: 'badge-warning', ACEITE: '', CONTESTADA: 'badge-danger', FECHADA: 'badge-success' };

/** The professional reads the state from his side ("Por responder", not "À espera do profissional"). */
const FOR_PROFESSIONAL: Record<GarantiaResumo['estado'], string> = {
  ABERTA: 'Por responder',
  ACEITE: 'Aceite: visita marcada',
  CONTESTADA: 'Contestada',
  FECHADA: 'Encerrada',
};

export function GuaranteeStateBadge({ estado, profissional }: { estado: GarantiaResumo['estado']; profissional?: boolean }) {
  const Icon = ICON[estado];
  return (
    <span className={`badge ${BADGE[estado]}`}>
      <Icon size={14} aria-hidden /> {(profissional ? FOR_PROFESSIONAL : GARANTIA_ESTADO_LABELS)[estado]}
    </span>
  );
}

/** The claim as the client follows it: its state and what the professional and the team said. */
function ClaimState({ g }: { g: GarantiaResumo }) {
  return (
    <section className="guarantee-box" aria-label="Pedido de garantia">
      <p className="guarantee-box-head">
        <ShieldAlert size={18} aria-hidden /> <strong>Garantia acionada</strong> <span className="muted">a {formatDate(g.criadoEm)}</span>
      </p>
      <GuaranteeStateBadge estado={g.estado} />
      {g.estado === 'ABERTA' && <p className="guarantee-line">O profissional foi avisado e vai responder. A nossa equipa acompanha o pedido.</p>}
      {g.agendadoPara && (
        <p className="guarantee-line">
          <CalendarClock size={16} aria-hidden /> Visita marcada para{' '}
          <strong>
            <time dateTime={g.agendadoPara}>{formatDateTime(g.agendadoPara)}</time>
          </strong>
        </p>
      )}
      {g.estado === 'CONTESTADA' && <p className="guarantee-line">O profissional contestou o pedido. A nossa equipa vai analisar e dar-lhe uma resolução.</p>}
      {g.resposta && (
        <blockquote className="guarantee-quote">
          <span className="sr-only">Mensagem do profissional: </span>
          {g.resposta}
        </blockquote>
      )}
      {g.estado === 'FECHADA' && g.resolucao && (
        <p className="guarantee-line">
          <strong>Resolução da equipa:</strong> {g.resolucao}
        </p>
      )}
    </section>
  );
}

/**
 * On a concluded project's card: "Acionar garantia" while the 14 days last (only when a professional
 * was chosen: the guarantee covers that professional's work), then the claim's state.
 */
export function GuaranteeOnCard({ p, now = new Date() }: { p: RequestDto; now?: Date }) {
  const [open, setOpen] = useState(false);
  if (p.status !== 'CONCLUIDO') return null;
  if (p.garantia) return <ClaimState g={p.garantia} />;
  if (p.escolhidoId == null || !p.concluidoEm) return null;
  const deadline = guaranteeDeadline(p.concluidoEm);
  if (now > deadline) {
    return (
      <p className="guarantee-over muted small">
        <ShieldCheck size={16} aria-hidden /> A garantia técnica de {GUARANTEE_DAYS} dias terminou a {formatDate(deadline)}.
      </p>
    );
  }
  return (
    <div className="guarantee-cta">
      <p className="guarantee-line">
        <ShieldCheck size={16} aria-hidden /> Garantia técnica até <strong>{formatDate(deadline)}</strong>: se algo não ficou bem, o profissional volta a ver.
      </p>
      <Button variant="outline" block onClick={() => setOpen(true)}>
        <ShieldAlert size={18} aria-hidden /> Acionar garantia<span className="sr-only">: {p.titulo}</span>
      </Button>
      <OpenGuaranteeDialog project={open ? p : null} onClose={() => setOpen(false)} />
    </div>
  );
}
