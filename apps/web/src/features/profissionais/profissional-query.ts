import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { listParamsOf, searchedPage } from '../../lib/use-list-params';
import { api } from '../../lib/api';
import type { Paged, ProfissionalListItem, ProfissionalPerfil } from '@tc/shared';

/*
 * What the main chunk needs to ask for a profile before the profile page's code arrives
 * (app/router.tsx): no React Query hooks here, so the home page's first load does not carry them.
 */

/** Route param → positive integer id, or null. */
export const parseId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** One professional, as the logged-in client sees it. */
export const profissionalQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['profissional', id],
    queryFn: ({ signal }) => api<ProfissionalPerfil>(`/profissional/${id}`, { as: 'cliente', signal }),
    enabled: id !== null,
  });
/**
 * The profile asked for as soon as its address is opened, while the page's own code is still on its
 * way (app/router.tsx): the two travel together instead of one after the other, and the photo (the
 * page's largest element) can start sooner. The page's own query, so it finds it answered or under way.
 */
export function prefetchPerfil(qc: QueryClient, rawId: string | undefined) {
  const id = parseId(rawId);
  if (id !== null) void qc.prefetchQuery(profissionalQuery(id));
}

export const SEARCH_PAGE_SIZE = 10;

/** Spec §2: the search itself is done by the server (name, specialty or city), 10 per page. */
export const directoryQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['profissionais', 'search', q, page],
    queryFn: ({ signal }) => api<Paged<ProfissionalListItem>>(searchedPage('/profissional/see-all', q, page, SEARCH_PAGE_SIZE), { as: 'cliente', signal }),
  });

/** The directory's page as its address names it (the search text and page of useListParams). */
export function prefetchDirectory(qc: QueryClient, search: URLSearchParams) {
  const { q, page } = listParamsOf(search);
  void qc.prefetchQuery(directoryQuery(q, page));
}
