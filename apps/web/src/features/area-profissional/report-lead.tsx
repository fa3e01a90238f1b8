import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { CircleCheck, CircleX, Clock, Flag, X } from 'lucide-react';
import {
  formatDate,
  LEAD_REPORT_DAYS,
  LEAD_REPORT_MOTIVO_LABELS,
  LEAD_REPORT_MOTIVOS,
  LEAD_REPORT_NOTE_MAX,
  type LeadReportMotivo,
  CONTROL_CHARS,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { useReportLead, type Application } from './profissional-api';
import { creditsText } from './job-bits';

const DAY_MS = 24 * 60 * 60 * 1000;
const MOTIVO_HINT: Record<LeadReportMotivo, string> = {
  CONTACTO_INVALIDO: 'O número ou o email não existem ou não são do cliente.',
  CLIENTE_NAO_RESPONDE: 'Tentou várias vezes e o cliente nunca respondeu.',
  DUPLICADO: 'É o mesmo pedido que outro a que já se candidatou.',
};

/** Until when this application's lead may be reported (7 days after applying). */
export const reportDeadline = (a: Pick<Application, 'criadoEm'>) => new Date(new Date(a.criadoEm).getTime() + LEAD_REPORT_DAYS * DAY_MS);

/**
 * On an application's card: the report's state, or "Reportar contacto" while it can still be
 * reported (within 7 days, not refunded, not the professional the client chose).
 */
export function ReportLeadAction({ a, now = new Date() }: { a: Application; now?: Date }) {
  const [open, setOpen] = useState(false);
  if (a.reporte) {
    const { estado } = a.reporte;
    return (
      <p className="lead-report-state">
        {estado === 'ABERTO' && (
          <span className="badge badge-warning">
            <Clock size={14} aria-hidden /> Contacto reportado: em análise
          </span>
        )}
        {estado === 'REEMBOLSADO' && (
          <span className="badge badge-success">
            <CircleCheck size={14} aria-hidden /> Reembolsado: {creditsText(a.creditos)} devolvidos
          </span>
        )}
        {estado === 'RECUSADO' && (
          <span className="badge badge-danger">
            <CircleX size={14} aria-hidden /> Reporte recusado
          </span>
        )}
      </p>
    );
  }
  if (a.reembolsadoEm) {
    return (
      <p className="lead-report-state">
        <span className="badge badge-success">
          <CircleCheck size={14} aria-hidden /> Créditos devolvidos
        </span>
      </p>
    );
  }
  const deadline = reportDeadline(a);
  if (a.resultado === 'ESCOLHIDO' || now > deadline) return null;
  return (
    <div className="lead-report">
      <Button variant="outline" className="lead-report-btn" onClick={() => setOpen(true)}>
        <Flag size={16} aria-hidden /> Reportar contacto<span className="sr-only">: {a.request.titulo}</span>
      </Button>
      <span className="muted small">Contacto sem resposta ou inválido? Pode reportar até {formatDate(deadline)}.</span>
      <ReportLeadDialog a={open ? a : null} onClose={() => setOpen(false)} />
    </div>
  );
}

/** The report itself: the reason (required) and an optional note for the team. */
export function ReportLeadDialog({ a, onClose }: { a: Application | null; onClose: () => void }) {
  const report = useReportLead();
  const [motivo, setMotivo] = useState<LeadReportMotivo | null>(null);
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    setMotivo(null);
    setNota('');
    setError(null);
  }, [a?.id]);

  const [submit, busy] = useSingleFlight(async () => {
    if (!a) return;
    if (!motivo) return setError('Escolha o motivo do reporte.');
    if (CONTROL_CHARS.test(nota)) return setError('A nota contém caracteres inválidos.');
    setError(null);
    try {
      await report.mutateAsync({ candidaturaId: a.id, motivo, ...(nota.trim() ? { nota: nota.trim() } : {}) });
      toast.success('Contacto reportado.', { description: 'A nossa equipa vai analisar e, se se confirmar, devolver os créditos.' });
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível enviar o reporte. Tente novamente.'));
    }
  });

  const returnFocus = useReturnFocus(a !== null);
  return (
    <Dialog.Root open={a !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content report-dialog">
          <Dialog.Close className="dialog-x" aria-label="Fechar" disabled={busy}>
            <X size={20} aria-hidden />
          </Dialog.Close>
          <Dialog.Title asChild>
            <h2>Reportar contacto</h2>
          </Dialog.Title>
          <Dialog.Description className="muted">
            {a ? (
              <>
                «{a.request.titulo}»: se o contacto não serviu, a nossa equipa analisa e devolve os {creditsText(a.creditos)} que pagou.
              </>
            ) : null}
          </Dialog.Description>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <fieldset className="report-options" aria-describedby={error ? `${id}-erro` : undefined}>
              <legend>Motivo</legend>
              {LEAD_REPORT_MOTIVOS.map((m) => (
                <label key={m} className={`report-option${motivo === m ? ' selected' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-motivo`}
                    value={m}
                    checked={motivo === m}
                    onChange={() => {
                      setMotivo(m);
                      setError(null);
                    }}
                  />
                  <span>
                    <span className="report-option-name">{LEAD_REPORT_MOTIVO_LABELS[m]}</span>
                    <span className="report-option-hint">{MOTIVO_HINT[m]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-nota`}>Nota para a equipa (opcional)</label>
              <textarea
                id={`${id}-nota`}
                className="textarea report-note"
                value={nota}
                maxLength={LEAD_REPORT_NOTE_MAX}
                onChange={(e) => setNota(e.target.value)}
                aria-describedby={`${id}-nota-hint`}
                placeholder="Por exemplo: liguei três vezes em dias diferentes e o número não atende."
              />
              <p className="field-hint" id={`${id}-nota-hint`}>
                {nota.length}/{LEAD_REPORT_NOTE_MAX} caracteres
              </p>
            </div>
            {error && (
              <p className="alert alert-error" id={`${id}-erro`} role="alert">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button type="submit" variant="secondary" loading={busy} loadingText="A enviar...">
                Enviar reporte
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
