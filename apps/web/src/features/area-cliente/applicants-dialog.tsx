import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { ChevronRight, MapPin, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { specialtyLabel } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Rating } from '../../components/ui/stars';
import { ErrorState, Loading } from '../../components/ui/states';
import { useApplicants } from './cliente-api';

interface Props {
  /** The concluded project whose applicants are listed; null keeps the dialog closed. */
  project: { id: number; titulo: string } | null;
  onClose: () => void;
}

/**
 * Spec §2: "Selecione o profissional contratado"; picking one opens the review form for this project.
 * Only the professional the client said did the job can be reviewed (docs/decisions/0008): the
 * others are listed, not selectable.
 */
export function ApplicantsDialog({ project, onClose }: Props) {
  const navigate = useNavigate();
  const applicants = useApplicants(project?.id ?? null);
  const nobodyChosen = !!applicants.data?.length && !applicants.data.some((p) => p.escolhido);
  const returnFocus = useReturnFocus(project !== null);
  return (
    <Dialog.Root open={project !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content applicants-dialog">
          <Dialog.Close className="dialog-close" aria-label="Fechar">
            <X size={20} aria-hidden />
          </Dialog.Close>
          <Dialog.Title asChild>
            <h2>Selecione o profissional contratado</h2>
          </Dialog.Title>
          <Dialog.Description className="muted">
            {project ? <>Quem fez o trabalho de «{project.titulo}»? Escolha-o para o avaliar.</> : null}
          </Dialog.Description>
          {applicants.isPending ? (
            <Loading text="A carregar candidatos..." />
          ) : applicants.isError ? (
            <ErrorState text="Não foi possível carregar os profissionais." onRetry={() => applicants.refetch()} />
          ) : applicants.data.length === 0 ? (
            <p className="applicants-empty">Nenhum profissional se candidatou.</p>
          ) : (
            <>
              {nobodyChosen && (
                <p className="applicants-note">Indicou que nenhum destes profissionais fez o trabalho: não há ninguém para avaliar neste projeto.</p>
              )}
              <ul className="applicants-list">
                {applicants.data.map((p) => {
                  const body = (
                    <>
                      <Avatar src={p.fotoUrl} alt="" size={48} />
                      <span className="applicant-body">
                        <span className="applicant-name">{p.nome}</span>
                        <span className="applicant-meta">{p.especialidades.length ? p.especialidades.map(specialtyLabel).join(', ') : 'Não informado'}</span>
                        <span className="applicant-meta applicant-row">
                          <Rating value={p.notaMedia} />
                          {p.cidade && (
                            <span className="applicant-city">
                              <MapPin size={14} aria-hidden /> {p.cidade}
                            </span>
                          )}
                        </span>
                        {!p.escolhido && !nobodyChosen && <span className="applicant-meta">Não fez este trabalho</span>}
                      </span>
                    </>
                  );
                  return (
                    <li key={p.id}>
                      {p.escolhido ? (
                        <button
                          type="button"
                          className="applicant"
                          onClick={() => {
                            onClose();
                            navigate(`/avaliacao/${p.id}?projeto=${project!.id}`);
                          }}
                        >
                          {body}
                          <ChevronRight size={20} aria-hidden className="applicant-arrow" />
                        </button>
                      ) : (
                        <div className="applicant applicant-disabled">{body}</div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
