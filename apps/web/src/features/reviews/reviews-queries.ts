import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Paged, ReviewableProfessional } from '@tc/shared';
import { api } from '../../lib/api';
import { listParamsOf, searchedPage } from '../../lib/use-list-params';

/* "Avaliar"'s list as query options, without React Query's hooks, for the router's prefetch (app/router.tsx). */

export const AVALIAR_PAGE_SIZE = 6;

/** GET /cliente/profissionais-avaliaveis: who applied to my projects, and the project to review them for. */
export const avaliaveisQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['avaliaveis', q, page],
    queryFn: ({ signal }) =>
      api<Paged<ReviewableProfessional>>(searchedPage('/cliente/profissionais-avaliaveis', q, page, AVALIAR_PAGE_SIZE), { as: 'cliente', signal }),
  });

/** The list's page as its address names it (the search text and page of useListParams). */
export function prefetchAvaliaveis(qc: QueryClient, search: URLSearchParams) {
  const { q, page } = listParamsOf(search);
  void qc.prefetchQuery(avaliaveisQuery(q, page));
}
