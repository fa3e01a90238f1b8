import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { CalendarDays, Check, HardHat, Trash2, User, X } from 'lucide-react';
import { ALL_STATUSES_LABEL, formatDate, REVIEW_STATUS_LABELS, REVIEW_STATUSES, type ReviewDecision, type ReviewStatus } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { starString } from '../../components/ui/stars';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { api, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { AdminLayout } from './admin-layout';
import { adminKeys, reviewStatusOf, useAdminReviews, type AdminReview, type Paged } from './admin-api';
import { ConfirmDeleteDialog, ReviewStatusBadge, SearchField, useListParams } from './admin-ui';

/** Filter options: the shared labels ("Reprovado" is the API's NEGADO). */
const FILTERS: { value: string; label: string }[] = [
  { value: 'TODOS', label: ALL_STATUSES_LABEL },
  ...REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_STATUS_LABELS[s] })),
];

function ReviewCard({ review }: { review: AdminReview }) {
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const patch = (status: ReviewStatus) =>
    qc.setQueriesData<Paged<AdminReview>>({ queryKey: adminKeys.reviews }, (old) =>
      old ? { ...old, items: old.items.map((r) => (r.id === review.id ? { ...r, status } : r)) } : old,
    );

  const decide = useMutation({
    mutationFn: (d: 'accept' | 'deny') => api<ReviewDecision>(`/review/${d}/${review.id}`, { method: 'PUT', as: 'admin' }),
    onSuccess: (data, d) => {
      patch(data.status);
      qc.invalidateQueries({ queryKey: adminKeys.stats });
      toast.success(d === 'accept' ? 'Review aprovada. Já aparece no perfil do profissional.' : 'Review reprovada.');
    },
    onError: (e, d) => toast.error(d === 'accept' ? 'Erro ao aprovar review.' : 'Erro ao reprovar review.', { description: errorMessage(e, '') || undefined }),
  });
  const remove = useMutation({
    mutationFn: () => api(`/review/delete/${review.id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess: () => {
      setConfirming(false);
      toast.success('Review eliminada.');
      qc.invalidateQueries({ queryKey: adminKeys.reviews });
      qc.invalidateQueries({ queryKey: adminKeys.stats });
    },
    onError: (e) => {
      setConfirming(false);
      toast.error('Erro ao excluir review.', { description: errorMessage(e, '') || undefined });
    },
  });
  const [accept, accepting] = useSingleFlight(async () => {
    await decide.mutateAsync('accept').catch(() => {});
  });
  const [deny, denying] = useSingleFlight(async () => {
    await decide.mutateAsync('deny').catch(() => {});
  });

  const titleId = `review-${review.id}-titulo`;
  return (
    <article className="card admin-item" aria-labelledby={titleId}>
      <div className="item-head">
        <h2 id={titleId} className="item-title">
          <span className="stars" aria-hidden="true">
            {starString(review.nota)}
          </span>
          <span className="sr-only">
            Review de {review.cliente.nome}: {review.nota} de 5 estrelas
          </span>
        </h2>
        <ReviewStatusBadge status={review.status} />
      </div>
      <blockquote className="item-quote">{review.comentario}</blockquote>
      <ul className="meta-list">
        <li>
          <User size={16} aria-hidden />{' '}
          <span>
            Cliente: <strong>{review.cliente.nome}</strong>
          </span>
        </li>
        <li>
          <HardHat size={16} aria-hidden />{' '}
          <span>
            Profissional: <strong>{review.profissional.nome}</strong>
          </span>
        </li>
        <li>
          <CalendarDays size={16} aria-hidden /> <span className="sr-only">Data: </span>
          {formatDate(review.criadoEm)}
        </li>
      </ul>
      <div className="item-actions">
        {review.status === 'ESPERA' && (
          <>
            <Button variant="secondary" onClick={accept} loading={accepting} disabled={denying}>
              <Check size={18} aria-hidden /> Aprovar
            </Button>
            <Button variant="outline" onClick={deny} loading={denying} disabled={accepting}>
              <X size={18} aria-hidden /> Reprovar
            </Button>
          </>
        )}
        <Button variant="danger" className="btn-delete" onClick={() => setConfirming(true)} aria-label={`Eliminar review de ${review.cliente.nome}`}>
          <Trash2 size={18} aria-hidden /> Eliminar
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
      />
    </article>
  );
}

export function AdminReviewsPage() {
  const list = useListParams();
  const status = reviewStatusOf(list.get('status'));
  const reviews = useAdminReviews(list.q, status, list.page);

  return (
    <AdminLayout title="Reviews" lead="Só as reviews aprovadas aparecem no perfil do profissional e contam para a nota média.">
      <div className="admin-toolbar card" role="search" aria-label="Filtrar reviews">
        <div className="toolbar-fields">
          <SearchField label="Pesquisar reviews" placeholder="Comentário ou nome do cliente" value={list.text} onChange={list.setText} />
          <SelectField label="Estado" value={status} onChange={(e) => list.set('status', e.target.value === 'TODOS' ? '' : e.target.value)}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      {reviews.isPending ? (
        <Loading text="A carregar reviews..." />
      ) : reviews.isError ? (
        <ErrorState text="Erro ao buscar reviews." onRetry={() => reviews.refetch()} />
      ) : reviews.data.items.length === 0 ? (
        <EmptyState text={list.q || status !== 'TODOS' ? 'Nenhuma review encontrada com estes filtros.' : 'Ainda não há reviews.'} />
      ) : (
        <div aria-busy={reviews.isFetching || undefined}>
          <div className="admin-list two">
            {reviews.data.items.map((r) => (
              <ReviewCard key={r.id} review={r} />
            ))}
          </div>
          <Pagination page={list.page} hasMore={reviews.data.hasMore} onChange={list.setPage} label="Paginação das reviews" />
        </div>
      )}
    </AdminLayout>
  );
}
