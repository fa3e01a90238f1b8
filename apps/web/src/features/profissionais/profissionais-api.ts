import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ProfissionalListItem, ProfissionalPerfil, Paged, PublicReview } from '@tc/shared';
export type { ProfissionalCard, ProfissionalListItem, ProfissionalPerfil, Paged } from '@tc/shared';

export const SEARCH_PAGE_SIZE = 10;
export const REVIEWS_PAGE_SIZE = 5;

/** Spec §2: the search itself is done by the server (name, specialty or city), 10 per page. */
export const useProfissionaisSearch = (q: string, page: number) =>
  useQuery({
    queryKey: ['profissionais', 'search', q, page],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(page), pageSize: String(SEARCH_PAGE_SIZE) });
      if (q) qs.set('q', q);
      return api<Paged<ProfissionalListItem>>(`/profissional/see-all?${qs}`, { as: 'cliente', signal });
    },
    placeholderData: keepPreviousData,
  });

/** One professional, as the logged-in client sees it. */
export const useProfissional = (id: number | null) =>
  useQuery({
    queryKey: ['profissional', id],
    queryFn: ({ signal }) => api<ProfissionalPerfil>(`/profissional/${id}`, { as: 'cliente', signal }),
    enabled: id !== null,
  });

/** Approved reviews only (the server filters), newest first. */
export const useProfissionalReviews = (id: number | null, page: number) =>
  useQuery({
    queryKey: ['profissional', id, 'reviews', page],
    queryFn: ({ signal }) => api<Paged<PublicReview>>(`/review/profissional/${id}?page=${page}&pageSize=${REVIEWS_PAGE_SIZE}`, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

/** Route param → positive integer id, or null. */
export const parseId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
