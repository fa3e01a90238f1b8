import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Account, Paged, RequestDto } from '@tc/shared';
import { api } from '../../lib/api';
import { getLocal, storedId } from '../../lib/session';
import { prefetchAll } from '../../lib/prefetch';

/*
 * The client's area's first reads as query options, without React Query's hooks: the main chunk asks
 * for them as a screen's route is drawn, while its code is on its way (app/router.tsx); the screens'
 * hooks (cliente-api.ts) use the same keys.
 */

/** The logged-in client's id: `clienteId`, or the generic `id` kept at login (spec §3). */
export const ownClienteId = () => storedId('clienteId') ?? storedId('id');

export const projectsKey = (clienteId: number | null, page: number) => ['cliente', 'projetos', clienteId, page] as const;

/** The client's own projects, newest first, 20 a page. */
export const clienteProjectsQuery = (clienteId: number | null, page: number) =>
  queryOptions({
    queryKey: projectsKey(clienteId, page),
    queryFn: ({ signal }) => api<Paged<RequestDto>>(`/requests/cliente/${clienteId}?page=${page}`, { as: 'cliente', signal }),
    enabled: clienteId !== null,
  });

export const clienteAccountQuery = (email: string | null) =>
  queryOptions({
    queryKey: ['account', 'cliente', email],
    queryFn: ({ signal }) => api<Account>(`/cliente/account/${encodeURIComponent(email!)}`, { as: 'cliente', signal }),
    enabled: !!email,
    retry: false,
  });

/** Whose projects "Os meus projetos" (/projetos/:id) shows: the client's own id, or the one in the address (projetos-page.tsx). */
const projectsPageClient = (rawId: string | undefined): number | null => ownClienteId() ?? (rawId && /^\d+$/.test(rawId) ? Number(rawId) : null);

/** What each of the client's screens shows first, asked for as its route is drawn. */
export const clientScreens = {
  menu: (qc: QueryClient) => prefetchAll(qc, [clienteProjectsQuery(ownClienteId(), 1), clienteAccountQuery(getLocal('email'))]),
  projects: (qc: QueryClient, rawId: string | undefined) =>
    prefetchAll(qc, [clienteProjectsQuery(projectsPageClient(rawId), 1), clienteAccountQuery(getLocal('email'))]),
};
