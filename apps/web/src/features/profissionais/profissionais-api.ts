import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ProfissionalListItem, Paged, PublicReview } from '@tc/shared';
import { profissionalQuery } from './profissional-query';
export { parseId } from './profissional-query';
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

/** One professional, as the logged-in client sees it (the query is shared with the router's prefetch). */
export const useProfissional = (id: number | null) => useQuery(profissionalQuery(id));

/** Approved reviews only (the server filters), newest first. */
export const useProfissionalReviews = (id: number | null, page: number) =>
  useQuery({
    queryKey: ['profissional', id, 'reviews', page],
    queryFn: ({ signal }) => api<Paged<PublicReview>>(`/review/profissional/${id}?page=${page}&pageSize=${REVIEWS_PAGE_SIZE}`, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
