import { useState } from 'react';
import { UrgencyBadge } from '../../components/ui/urgency-badge';
import { ArrowLeft, Ban, CalendarDays, CircleCheck, MapPin, Plus, Star, Users, Wrench } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { formatDate, MAX_APPLICANTS, specialtyLabel, type RequestDto } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { MessageDialog } from '../../components/ui/message-dialog';
import { Pagination } from '../../components/ui/pagination';
import { usePageTitle } from '../../components/ui/page-title';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { errorMessage } from '../../lib/api';
import { ApplicantsDialog } from './applicants-dialog';
import { ownClienteId, useCancelProject, useClienteAccount, useClienteProjects } from './cliente-api';
import { getLocal } from '../../lib/session';
import { CompleteDialog } from './complete-dialog';
import { ProjectApplicants } from './project-applicants';
import { StatusBadge } from './status-badge';
import { GuaranteeOnCard } from '../garantias';
import { EmailConfirmationNotice } from './email-confirmation';
import './cliente.css';

const STATUS_NOTE: Record<RequestDto['status'], string> = {
  ESPERA: 'A nossa equipa está a rever o projeto antes de o mostrar aos profissionais.',
  ABERTO: 'Visível para os profissionais, que se podem candidatar.',
  CONCLUIDO: 'Trabalho concluído. Avalie quem o fez para ajudar outros clientes.',
};
const UNCONFIRMED_NOTE = 'À espera da confirmação do seu e-mail: só depois segue para aprovação.';
const CHOSEN_NOTE = 'Já escolheu quem faz o trabalho: o projeto deixou de receber candidaturas. Marque-o como concluído quando terminar.';

/** "Concelho, Distrito", once when both are the same (Lisboa, Porto...). */
const place = (p: RequestDto) => (p.cidade === p.bairro ? p.cidade : `${p.cidade}, ${p.bairro}`);

interface CardActions {
  onConclude: () => void;
  onRate: () => void;
  onCancel: () => void;
}

function ProjectCard({ p, onConclude, onRate, onCancel }: { p: RequestDto } & CardActions) {
  const applicants = p.candidaturas ?? 0;
  const chosen = p.escolhidoId != null;
  // Before anyone is chosen the client may withdraw it; whoever paid for the contact is refunded.
  const cancellable = p.status !== 'CONCLUIDO' && !chosen;
  // The same cached account the confirmation notice reads: a waiting project says why it waits.
  const unconfirmed = useClienteAccount(getLocal('email')).data?.emailConfirmado === false;
  const note = p.status === 'ABERTO' && chosen ? CHOSEN_NOTE : p.status === 'ESPERA' && unconfirmed ? UNCONFIRMED_NOTE : STATUS_NOTE[p.status];
  return (
    <article className={`card project-card status-${p.status.toLowerCase()}`} aria-labelledby={`projeto-${p.id}`}>
      <div className="project-card-head">
        <StatusBadge status={p.status} />
        <span className="project-date">
          <CalendarDays size={14} aria-hidden /> <time dateTime={p.criadoEm}>{formatDate(p.criadoEm)}</time>
        </span>
      </div>
      <h2 id={`projeto-${p.id}`} className="project-title">
        {p.titulo}
      </h2>
      <p className="clamp-3 project-desc">{p.descricao}</p>
      <ul className="project-meta">
        <li>
          <MapPin size={16} aria-hidden /> <span>{place(p)}</span>
        </li>
        <li>
          <Wrench size={16} aria-hidden /> <span>{specialtyLabel(p.especialidade)}</span>
        </li>
        <li>
          <UrgencyBadge tempo={p.tempo} long />
        </li>
        <li>
          <Users size={16} aria-hidden />{' '}
          <span>
            {applicants}/{MAX_APPLICANTS} candidaturas
          </span>
        </li>
      </ul>
      <p className="project-note">{note}</p>
      {p.status !== 'ESPERA' && applicants > 0 && <ProjectApplicants project={p} />}
      {p.status === 'ABERTO' && (
        <div className="project-actions">
          <Button variant="secondary" block onClick={onConclude}>
            <CircleCheck size={18} aria-hidden /> Marcar como concluído
          </Button>
        </div>
      )}
      {p.status === 'CONCLUIDO' && (
        <div className="project-actions">
          <Button variant="secondary" block onClick={onRate}>
            <Star size={18} aria-hidden /> Avaliar profissional
          </Button>
        </div>
      )}
      <GuaranteeOnCard p={p} />
      {cancellable && (
        <div className={p.status === 'ESPERA' ? 'project-actions' : undefined}>
          <Button variant="ghost" block className="project-cancel" onClick={onCancel}>
            <Ban size={18} aria-hidden /> Cancelar projeto
          </Button>
        </div>
      )}
    </article>
  );
}

export function ProjetosPage() {
  usePageTitle('Os meus projetos');
  const { id } = useParams();
  const own = ownClienteId();
  const param = id && /^\d+$/.test(id) ? Number(id) : null;
  const clienteId = own ?? param;
  const [page, setPage] = useState(1);
  const projects = useClienteProjects(clienteId, page);
  const cancel = useCancelProject();
  const [confirming, setConfirming] = useState<RequestDto | null>(null);
  const [rating, setRating] = useState<RequestDto | null>(null);
  const [cancelling, setCancelling] = useState<RequestDto | null>(null);

  // Only one's own projects: another id in the address goes to the client's own list.
  if (own !== null && param !== own) return <Navigate to={`/projetos/${own}`} replace />;

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const { reembolsos } = await cancel.mutateAsync(cancelling.id);
      const n = reembolsos.length;
      toast.success('Projeto cancelado.', {
        description: n === 0 ? undefined : `${n} ${n === 1 ? 'profissional recebeu' : 'profissionais receberam'} os créditos de volta.`,
      });
    } catch (e) {
      toast.error(errorMessage(e, 'Não foi possível cancelar o projeto. Tente novamente.'));
    } finally {
      setCancelling(null);
    }
  };

  let body;
  if (clienteId === null) body = <ErrorState text="ID inválido. Faça login novamente." />;
  else if (projects.isPending) body = <Loading text="A carregar os seus projetos..." />;
  else if (projects.isError) body = <ErrorState text="Não foi possível carregar os seus projetos." onRetry={() => projects.refetch()} />;
  else if (projects.data.items.length === 0 && page === 1) {
    body = (
      <EmptyState text="Nenhum projeto encontrado.">
        <Link className="btn btn-primary" to="/agendamento">
          Publicar projeto
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="cards project-list" aria-busy={projects.isFetching || undefined}>
          {projects.data.items.map((p) => (
            <li key={p.id}>
              <ProjectCard p={p} onConclude={() => setConfirming(p)} onRate={() => setRating(p)} onCancel={() => setCancelling(p)} />
            </li>
          ))}
        </ul>
        <Pagination page={projects.data.page} hasMore={projects.data.hasMore} onChange={setPage} label="Páginas de projetos" />
      </>
    );
  }

  const hasProjects = !!projects.data?.items.length;
  return (
    <div className="container">
      <div className="page">
        <Link to="/areadocliente/menu" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar à Área do Cliente
        </Link>
        <div className="page-header">
          <div>
            <h1>Os meus projetos</h1>
            <p className="muted page-sub">Os mais recentes primeiro.</p>
          </div>
          {hasProjects && (
            <Link className="btn btn-primary" to="/agendamento">
              <Plus size={18} aria-hidden /> Publicar projeto
            </Link>
          )}
        </div>
        <EmailConfirmationNotice />
        {body}
        <CompleteDialog project={confirming} onClose={() => setConfirming(null)} />
        <MessageDialog
          open={cancelling !== null}
          kind="warning"
          title="Cancelar o projeto?"
          text={
            cancelling ? (
              <>
                «{cancelling.titulo}» deixa de estar visível e é eliminado.{' '}
                {(cancelling.candidaturas ?? 0) > 0
                  ? 'Os profissionais que pagaram para se candidatar recebem os créditos de volta e são avisados.'
                  : 'Ainda ninguém se candidatou.'}{' '}
                Esta ação não pode ser desfeita.
              </>
            ) : undefined
          }
          confirmLabel="Sim, cancelar projeto"
          cancelLabel="Voltar"
          onConfirm={confirmCancel}
          onClose={() => !cancel.isPending && setCancelling(null)}
          busy={cancel.isPending}
        />
        <ApplicantsDialog project={rating} onClose={() => setRating(null)} />
      </div>
    </div>
  );
}
