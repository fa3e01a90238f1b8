import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { RequestDto } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Rating } from '../../components/ui/stars';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { SelosBadges } from '../../components/selos';
import { useApplicants, useChooseProfessional, type Applicant } from './cliente-api';

/**
 * The applicants of one of my projects, on its card: name (link to the profile), rating, "Verificado",
 * and on an open project "Escolhi este profissional" (the choice may change until it is completed).
 */
export function ProjectApplicants({ project }: { project: RequestDto }) {
  const applicants = useApplicants(project.id);
  const headingId = `candidatos-${project.id}`;
  const open = project.status === 'ABERTO';
  return (
    <section className="project-applicants" aria-labelledby={headingId}>
      <h3 id={headingId} className="project-applicants-title">
        Candidatos
      </h3>
      {applicants.isPending ? (
        <p className="muted small" role="status">
          A carregar candidatos...
        </p>
      ) : applicants.isError ? (
        <p className="muted small">
          Não foi possível carregar os candidatos.{' '}
          <button type="button" className="link-button" onClick={() => applicants.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : applicants.data.length === 0 ? (
        <p className="muted small">Nenhum profissional se candidatou.</p>
      ) : (
        <>
          <ul className="project-applicant-list">
            {applicants.data.map((a) => (
              <ApplicantRow key={a.id} a={a} requestId={project.id} open={open} />
            ))}
          </ul>
          {open && !applicants.data.some((a) => a.escolhido) && (
            <p className="muted small project-applicants-hint">
              Contactou-os e já decidiu? Marque quem vai fazer o trabalho: só esse profissional poderá ser avaliado.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ApplicantRow({ a, requestId, open }: { a: Applicant; requestId: number; open: boolean }) {
  const choose = useChooseProfessional();
  const [pick, busy] = useSingleFlight(async () => {
    try {
      await choose.mutateAsync({ id: requestId, profissionalId: a.id });
      toast.success(`Escolheu ${a.nome}.`, { description: 'O profissional e os outros candidatos vão ser avisados.' });
    } catch (e) {
      toast.error(errorMessage(e, 'Não foi possível guardar a sua escolha. Tente novamente.'));
    }
  });
  return (
    <li className={`project-applicant${a.escolhido ? ' chosen' : ''}`}>
      <Avatar src={a.fotoUrl} alt="" size={40} />
      <div className="project-applicant-body">
        <Link to={`/profissionais/${a.id}`} className="project-applicant-name">
          {a.nome}
          <span className="sr-only"> (ver perfil)</span>
        </Link>
        <span className="project-applicant-meta">
          <Rating value={a.notaMedia} />
          <SelosBadges selos={a.selos ?? (a.verificado ? ['VERIFICADO'] : [])} />
        </span>
      </div>
      {a.escolhido ? (
        <span className="badge badge-success project-applicant-chosen">
          <CircleCheck size={14} aria-hidden /> {open ? 'Escolhido' : 'Fez o trabalho'}
        </span>
      ) : open ? (
        <Button variant="outline" className="btn-sm project-applicant-choose" onClick={pick} loading={busy} loadingText="A guardar...">
          Escolhi este profissional<span className="sr-only">: {a.nome}</span>
        </Button>
      ) : null}
    </li>
  );
}
