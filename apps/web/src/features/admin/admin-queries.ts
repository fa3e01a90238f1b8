import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminCliente, AdminLeadReport, AdminProfissional, AdminProject, AdminReview, AdminStats, AuditEntry, Paged } from '@tc/shared';
import { PROJECT_STATUSES, REVIEW_STATUSES, VERIFICATION_STATUSES } from '@tc/shared/catalogue/list-filters';
import { api } from '../../lib/api';
import { prefetchAll } from '../../lib/prefetch';
import { listParamsOf } from '../../lib/use-list-params';

/*
 * The back office's first reads as query options, without React Query's hooks: the main chunk asks
 * for a screen's data with them as its route is drawn, while its code is on its way (app/router.tsx);
 * the screens' hooks (admin-api.ts) use the same keys and read their filters from the address the same way.
 */

export const PAGE_SIZE = 10;

/** Builds `?a=1&b=2`, leaving out empty values. */
export function query(params: Record<string, string | number | undefined | null>) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  projects: ['admin', 'projects'] as const,
  reviews: ['admin', 'reviews'] as const,
  clientes: ['admin', 'clientes'] as const,
  profissionais: ['admin', 'profissionais'] as const,
  payments: ['admin', 'payments'] as const,
  anomalies: ['admin', 'payment-anomalies'] as const,
  audit: ['admin', 'audit'] as const,
  leads: ['admin', 'leads-reportados'] as const,
};

const as = 'admin' as const;

/** A filter of the address that must be one of `values`, or `otherwise`. */
const oneOf = <T extends string>(raw: string | null, values: readonly string[], otherwise: T) => (raw !== null && values.includes(raw) ? raw : otherwise);
/** The projects' status filter: one status, or every one ('TODOS'). */
export const projectStatusOf = (raw: string | null) => oneOf(raw, PROJECT_STATUSES, 'TODOS');
/** The reviews' status filter: one status, or every one ('TODOS'). */
export const reviewStatusOf = (raw: string | null) => oneOf(raw, REVIEW_STATUSES, 'TODOS');
/** The professionals' verification filter: one state, or every one (''). */
export const verificationOf = (raw: string | null) => oneOf(raw, VERIFICATION_STATUSES, '');

export const statsQuery = () => queryOptions({ queryKey: adminKeys.stats, queryFn: ({ signal }) => api<AdminStats>('/admin/stats', { as, signal }) });

export const projectsQuery = (q: string, status: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.projects, q, status, page],
    queryFn: ({ signal }) => api<Paged<AdminProject>>(`/requests/all${query({ q, status, page, pageSize: PAGE_SIZE })}`, { as, signal }),
  });

export const reviewsQuery = (q: string, status: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.reviews, q, status, page],
    queryFn: ({ signal }) => api<Paged<AdminReview>>(`/review/all${query({ q, status, page, pageSize: PAGE_SIZE })}`, { as, signal }),
  });

export const clientesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.clientes, q, page],
    queryFn: ({ signal }) => api<Paged<AdminCliente>>(`/cliente/see-all${query({ q, page, pageSize: PAGE_SIZE })}`, { as, signal }),
  });

export const profissionaisQuery = (q: string, verificacao: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.profissionais, q, verificacao, page],
    queryFn: ({ signal }) => api<Paged<AdminProfissional>>(`/admin/profissionais${query({ q, verificacao, page, pageSize: PAGE_SIZE })}`, { as, signal }),
  });

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.audit, page],
    queryFn: ({ signal }) => api<Paged<AuditEntry>>(`/admin/audit${query({ page, pageSize: PAGE_SIZE })}`, { as, signal }),
  });

/** "Leads reportados": dead leads reported by professionals, the ones to decide first. */
export const leadReportsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.leads, page],
    queryFn: ({ signal }) => api<Paged<AdminLeadReport>>(`/admin/leads-reportados${query({ page, pageSize: PAGE_SIZE })}`, { as, signal }),
  });

/** What each of the back office's screens shows first, asked for as its route is drawn. */
export const adminScreens = {
  // Its figures; the audit log below them waits for the screen (it is not drawn when the figures fail).
  dashboard: (qc: QueryClient) => prefetchAll(qc, [statsQuery()]),
  projects: (qc: QueryClient, search: URLSearchParams) => {
    const { q, page } = listParamsOf(search);
    prefetchAll(qc, [projectsQuery(q, projectStatusOf(search.get('status')), page)]);
  },
  reviews: (qc: QueryClient, search: URLSearchParams) => {
    const { q, page } = listParamsOf(search);
    prefetchAll(qc, [reviewsQuery(q, reviewStatusOf(search.get('status')), page)]);
  },
  clientes: (qc: QueryClient, search: URLSearchParams) => {
    const { q, page } = listParamsOf(search);
    prefetchAll(qc, [clientesQuery(q, page)]);
  },
  profissionais: (qc: QueryClient, search: URLSearchParams) => {
    const { q, page } = listParamsOf(search);
    prefetchAll(qc, [profissionaisQuery(q, verificationOf(search.get('verificacao')), page)]);
  },
  leads: (qc: QueryClient) => prefetchAll(qc, [leadReportsQuery(1)]),
};
