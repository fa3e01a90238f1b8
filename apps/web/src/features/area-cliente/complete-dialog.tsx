import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { CircleCheck, X } from 'lucide-react';
import type { RequestDto } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Rating } from '../../components/ui/stars';
import { ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { SelosBadges } from '../../components/selos';
import { useApplicants, useConcludeProject } from './cliente-api';

const NONE = 'nenhum';

interface Props {
  /** The open project being completed; null keeps the dialog closed. */
  project: RequestDto | null;
  onClose: () => void;
}

/**
 * "Marcar como concluído" asks who did the job: the applicants (the one chosen before comes
 * selected) or "Nenhum destes profissionais". Only the one named can then be reviewed.
 */
export function CompleteDialog({ project, onClose }: Props) {
  const hasApplicants = (project?.candidaturas ?? 0) > 0;
  const applicants = useApplicants(project && hasApplicants ? project.id : null);
  const conclude = useConcludeProject();
  const [choice, setChoice] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const name = useId();

  // Each time it opens: the earlier choice, if any, comes selected.
  const chosen = project?.escolhidoId ?? applicants.data?.find((a) => a.escolhido)?.id ?? null;
  useEffect(() => {
    setChoice(chosen === null ? null : String(chosen));
    setMissing(false);
  }, [project?.id, chosen]);

  const [submit, busy] = useSingleFlight(async () => {
    if (!project) return;
    if (hasApplicants && choice === null) {
      setMissing(true);
      return;
    }
    const profissionalId = !hasApplicants || choice === NONE ? null : Number(choice);
    try {
      await conclude.mutateAsync({ id: project.id, profissionalId });
      toast.success('Projeto marcado como concluído.');
      onClose();
    } catch (e) {
      toast.error(errorMessage(e, 'Não foi possível marcar o projeto como concluído. Tente novamente.'));
    }
  });

  const list = !hasApplicants ? (
    <p className="complete-empty">Ninguém se candidatou a este projeto.</p>
  ) : applicants.isPending ? (
    <Loading text="A carregar candidatos..." />
  ) : applicants.isError ? (
    <ErrorState text="Não foi possível carregar os profissionais." onRetry={() => applicants.refetch()} />
  ) : (
    <fieldset className="complete-options" aria-describedby={missing ? `${name}-erro` : undefined}>
      <legend>Quem fez o trabalho?</legend>
      {applicants.data.map((a) => (
        <label key={a.id} className={`complete-option${choice === String(a.id) ? ' selected' : ''}`}>
          <input
            type="radio"
            name={name}
            value={a.id}
            checked={choice === String(a.id)}
            onChange={() => {
              setChoice(String(a.id));
              setMissing(false);
            }}
          />
          <Avatar src={a.fotoUrl} alt="" size={40} />
          <span className="complete-option-body">
            <span className="complete-option-name">{a.nome}</span>
            <span className="complete-option-meta">
              <Rating value={a.notaMedia} />
              {/* Inside the radio's label: the badges without their buttons (explained on the applicants list). */}
              <SelosBadges selos={a.selos ?? (a.verificado ? ['VERIFICADO'] : [])} interactive={false} />
              {a.escolhido && (
                <span className="badge">
                  <CircleCheck size={14} aria-hidden /> Escolhido
                </span>
              )}
            </span>
          </span>
        </label>
      ))}
      <label className={`complete-option complete-none${choice === NONE ? ' selected' : ''}`}>
        <input
          type="radio"
          name={name}
          value={NONE}
          checked={choice === NONE}
          onChange={() => {
            setChoice(NONE);
            setMissing(false);
          }}
        />
        <span className="complete-option-body">
          <span className="complete-option-name">Nenhum destes profissionais</span>
          <span className="complete-option-meta">O trabalho foi feito por outra pessoa, ou não chegou a ser feito.</span>
        </span>
      </label>
      {missing && (
        <p className="field-error" id={`${name}-erro`} role="alert">
          Escolha quem fez o trabalho.
        </p>
      )}
    </fieldset>
  );

  const returnFocus = useReturnFocus(project !== null);
  return (
    <Dialog.Root open={project !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content complete-dialog">
          <Dialog.Close className="dialog-close" aria-label="Fechar" disabled={busy}>
            <X size={20} aria-hidden />
          </Dialog.Close>
          <Dialog.Title asChild>
            <h2>Marcar como concluído?</h2>
          </Dialog.Title>
          <Dialog.Description className="muted">
            {project ? (
              hasApplicants ? (
                <>Confirma que o trabalho de «{project.titulo}» está terminado? Diga-nos quem o fez: só esse profissional poderá ser avaliado.</>
              ) : (
                <>Confirma que o trabalho de «{project.titulo}» está terminado? O projeto deixa de receber candidaturas.</>
              )
            ) : null}
          </Dialog.Description>
          {list}
          <div className="dialog-actions">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button variant="secondary" onClick={submit} loading={busy} loadingText="A guardar..." disabled={hasApplicants && applicants.isPending}>
              Sim, concluir
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
