import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Paged, PublicReview } from '@tc/shared';
import { directoryQuery, profissionalQuery } from './profissional-query';
export { parseId } from './profissional-query';
export type { ProfissionalCard, ProfissionalListItem, ProfissionalPerfil, Paged } from '@tc/shared';

export { SEARCH_PAGE_SIZE } from './profissional-query';
export const REVIEWS_PAGE_SIZE = 5;

/** Spec §2: the search itself is done by the server (name, specialty or city), 10 per page. */
export const useProfissionaisSearch = (q: string, page: number) => useQuery({ ...directoryQuery(q, page), placeholderData: keepPreviousData });

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
