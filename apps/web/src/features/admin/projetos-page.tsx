import { useState } from 'react';
import { UrgencyBadge } from '../../components/ui/urgency-badge';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { CalendarDays, Coins, MailWarning, MapPin, Trash2, User, Users, Wrench } from 'lucide-react';
import {
  ALL_STATUSES_LABEL,
  EMAIL_CONFIRMATION_TEXTS,
  formatDate,
  M,
  MAX_APPLICANTS,
  PROJECT_STATUSES,
  updateCreditsBody,
  type ApproveRequestResponse,
  type DeletedRequestResponse,
  type UpdateCreditsResponse,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { MessageDialog } from '../../components/ui/message-dialog';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { api, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { AdminLayout } from './admin-layout';
import { adminKeys, projectStatusOf, useAdminProjects, type AdminProject, type Paged } from './admin-api';
import { ConfirmDeleteDialog, PROJECT_STATUS_TEXT, ProjectStatusBadge, SearchField, useListParams } from './admin-ui';

/** The input holds digits as typed; the shared schema turns them into a number (or refuses them). */
type CreditsForm = z.input<typeof updateCreditsBody>;
const VISIBLE = 'Já está visível para os profissionais.';
const creditsResolver = zodResolver(updateCreditsBody);

/** Replaces one project in every cached page of the list (the server's answer is the truth). */
function usePatchProject() {
  const qc = useQueryClient();
  return (id: number, patch: Partial<AdminProject>) =>
    qc.setQueriesData<Paged<AdminProject>>({ queryKey: adminKeys.projects }, (old) =>
      old ? { ...old, items: old.items.map((p) => (p.id === id ? { ...p, ...patch } : p)) } : old,
    );
}

function ProjectCard({ project }: { project: AdminProject }) {
  const qc = useQueryClient();
  const patch = usePatchProject();
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit, reset } = useForm<CreditsForm, unknown, z.output<typeof updateCreditsBody>>({
    resolver: creditsResolver,
    defaultValues: { creditos: project.creditos ? String(project.creditos) : '' },
  });

  const refreshStats = () => qc.invalidateQueries({ queryKey: adminKeys.stats });

  const credits = useMutation({
    mutationFn: (creditos: number) =>
      api<UpdateCreditsResponse>(`/requests/atualiza-creditos/${project.id}`, { method: 'PUT', body: { creditos }, as: 'admin' }),
    onSuccess: (data) => {
      const wasHidden = project.creditos === null;
      patch(project.id, { creditos: data.creditos, status: data.status });
      reset({ creditos: String(data.creditos) });
      // An approved project without a price was hidden: now it is in job search.
      toast.success(`Créditos aplicados: ${data.creditos}.`, { description: wasHidden ? VISIBLE : undefined });
    },
    onError: (e) => toast.error('Erro ao aplicar créditos.', { description: errorMessage(e, '') || undefined }),
  });

  // Approve and price in one step: the price is required here, so an approved project is always visible.
  const approve = useMutation({
    mutationFn: (creditos: number) => api<ApproveRequestResponse>(`/requests/${project.id}/aprovar`, { method: 'PATCH', body: { creditos }, as: 'admin' }),
    onSuccess: (data) => {
      patch(project.id, { status: data.status, creditos: data.creditos });
      if (data.creditos !== null) reset({ creditos: String(data.creditos) });
      refreshStats();
      if (data.visivel)
        toast.success(`Projeto aprovado. ${VISIBLE}`, {
          description: `Cada candidatura custa ${data.creditos} ${data.creditos === 1 ? 'crédito' : 'créditos'}.`,
        });
      else toast.warning('Projeto aprovado, mas continua invisível para os profissionais até ter créditos.');
    },
    onError: (e) => toast.error('Erro ao aprovar projeto.', { description: errorMessage(e, '') || undefined }),
  });

  const remove = useMutation({
    mutationFn: () => api<DeletedRequestResponse>(`/requests/delete/${project.id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess: (data) => {
      setConfirming(false);
      const n = data.reembolsos.length;
      const soma = data.reembolsos.reduce((s, r) => s + r.creditos, 0);
      toast.success('Projeto eliminado.', {
        description:
          n === 0
            ? 'Nenhum profissional a reembolsar.'
            : `${n} ${n === 1 ? 'profissional reembolsado' : 'profissionais reembolsados'} (${soma} créditos no total).`,
      });
      qc.invalidateQueries({ queryKey: adminKeys.projects });
      refreshStats();
    },
    onError: (e) => {
      setConfirming(false);
      toast.error('Erro ao excluir projeto.', { description: errorMessage(e, '') || undefined });
    },
  });

  const [applyCredits, applying] = useSingleFlight(
    handleSubmit(
      async ({ creditos }) => {
        await credits.mutateAsync(creditos).catch(() => {});
      },
      () => setInvalid(true),
    ),
  );
  const [doApprove, approving] = useSingleFlight(
    handleSubmit(
      async ({ creditos }) => {
        await approve.mutateAsync(creditos).catch(() => {});
      },
      () => setInvalid(true),
    ),
  );
  const waitsForEmail = project.cliente?.emailConfirmado === false;

  const titleId = `projeto-${project.id}-titulo`;
  const full = project.candidaturas >= MAX_APPLICANTS;
  return (
    <article className="card admin-item" aria-labelledby={titleId}>
      <div className="item-head">
        <h2 id={titleId} className="item-title">
          {project.titulo}
        </h2>
        <span className="item-badges">
          <ProjectStatusBadge status={project.status} />
          <UrgencyBadge tempo={project.tempo} />
          {waitsForEmail && (
            <span className="badge badge-warning">
              <MailWarning size={14} aria-hidden /> {EMAIL_CONFIRMATION_TEXTS.adminPorConfirmar}
            </span>
          )}
        </span>
      </div>
      <p className="item-text">{project.descricao}</p>
      <ul className="meta-list">
        <li>
          <Wrench size={16} aria-hidden /> <span className="sr-only">Especialidade: </span>
          {project.especialidadeLabel || project.especialidade}
        </li>
        <li>
          <User size={16} aria-hidden /> <span className="sr-only">Cliente: </span>
          {project.cliente?.nome ?? 'Cliente removido'}
        </li>
        <li>
          <MapPin size={16} aria-hidden /> <span className="sr-only">Local: </span>
          {[project.cidade, project.bairro].filter(Boolean).join(', ')}
        </li>
        <li>
          <CalendarDays size={16} aria-hidden /> <span className="sr-only">Publicado em: </span>
          {formatDate(project.criadoEm)}
        </li>
        <li>
          <Coins size={16} aria-hidden />{' '}
          {project.creditos
            ? `${project.creditos} ${project.creditos === 1 ? 'crédito aplicado' : 'créditos aplicados'}`
            : project.status === 'ABERTO'
              ? 'Sem créditos: invisível para os profissionais'
              : 'Sem créditos aplicados'}
        </li>
        <li className={full ? 'meta-full' : undefined}>
          <Users size={16} aria-hidden /> {project.candidaturas}/{MAX_APPLICANTS} candidaturas
        </li>
      </ul>
      <div className="item-actions">
        {project.status === 'ABERTO' && (
          <form className="credits-form" onSubmit={applyCredits} noValidate aria-label={`Créditos de ${project.titulo}`}>
            <div className="field credits-field">
              <label htmlFor={`creditos-${project.id}`}>Créditos</label>
              <input id={`creditos-${project.id}`} className="input" type="number" min={0} step={1} inputMode="numeric" {...register('creditos')} />
            </div>
            <Button type="submit" variant="outline" loading={applying}>
              Aplicar créditos
            </Button>
          </form>
        )}
        {project.status === 'ESPERA' && (
          <form className="credits-form approve-form" onSubmit={doApprove} noValidate aria-label={`Aprovar ${project.titulo}`}>
            <fieldset className="approve-fields" disabled={waitsForEmail}>
              <div className="field credits-field">
                <label htmlFor={`creditos-${project.id}`}>Créditos</label>
                <input
                  id={`creditos-${project.id}`}
                  className="input"
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  placeholder="Ex.: 5"
                  aria-describedby={`creditos-${project.id}-dica`}
                  {...register('creditos')}
                />
              </div>
              <Button type="submit" variant="secondary" loading={approving}>
                Aprovar
              </Button>
            </fieldset>
            <p id={`creditos-${project.id}-dica`} className={waitsForEmail ? 'approve-hint approve-blocked' : 'approve-hint muted'}>
              {waitsForEmail
                ? EMAIL_CONFIRMATION_TEXTS.adminRecusa
                : 'O custo de cada candidatura: ao aprovar, o projeto fica logo visível para os profissionais.'}
            </p>
          </form>
        )}
        <Button variant="danger" className="btn-delete" onClick={() => setConfirming(true)} aria-label={`Eliminar projeto ${project.titulo}`}>
          <Trash2 size={18} aria-hidden /> Eliminar
        </Button>
      </div>
      <MessageDialog open={invalid} kind="warning" title={M.adminCreditosTitle} text={M.adminCreditosInvalid} onClose={() => setInvalid(false)} />
      <ConfirmDeleteDialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        note="Se o cliente ainda não escolheu um profissional, os que pagaram para se candidatar são reembolsados automaticamente."
      />
    </article>
  );
}

export function AdminProjetosPage() {
  const list = useListParams();
  const status = projectStatusOf(list.get('status'));
  const projects = useAdminProjects(list.q, status, list.page);

  return (
    <AdminLayout title="Projetos" lead="Aprove novos projetos, defina quantos créditos custa candidatar-se e elimine os que não cumprem as regras.">
      <div className="admin-toolbar card" role="search" aria-label="Filtrar projetos">
        <div className="toolbar-fields">
          <SearchField label="Pesquisar projetos" placeholder="Título, cidade ou nome do cliente" value={list.text} onChange={list.setText} />
          <SelectField label="Estado" value={status} onChange={(e) => list.set('status', e.target.value === 'TODOS' ? '' : e.target.value)}>
            <option value="TODOS">{ALL_STATUSES_LABEL}</option>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PROJECT_STATUS_TEXT[s]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      {projects.isPending ? (
        <Loading text="A carregar projetos..." />
      ) : projects.isError ? (
        <ErrorState text="Erro ao buscar projetos." onRetry={() => projects.refetch()} />
      ) : projects.data.items.length === 0 ? (
        <EmptyState text={list.q || status !== 'TODOS' ? 'Nenhum projeto encontrado com estes filtros.' : 'Ainda não há projetos.'} />
      ) : (
        <div aria-busy={projects.isFetching || undefined}>
          <div className="admin-list">
            {projects.data.items.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </div>
          <Pagination page={list.page} hasMore={projects.data.hasMore} onChange={list.setPage} label="Paginação dos projetos" />
        </div>
      )}
    </AdminLayout>
  );
}
