import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ProfissionalPerfil } from '@tc/shared';

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
