import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApplicationItem, CreditBalance, LedgerEntry, OpenApplications, Paged, Payment, ProfissionalPerfil, PublicReview, RequestDto } from '@tc/shared';
import { api } from '../../lib/api';
import { storedId } from '../../lib/session';
import { pageParam } from '../../lib/use-list-params';
import { prefetchAll } from '../../lib/prefetch';

/*
 * The professional's area's reads as query options, without React Query's hooks: the main chunk
 * asks for a screen's data with them as its route is drawn, while the screen's code is on its way
 * (app/router.tsx), and the screen's hooks (profissional-api.ts) use the same keys, so they find it.
 */

const as = 'profissional' as const;

/** The logged-in professional's id: `profissionalId`, or the generic `id` kept at login (spec §3). */
export const ownProfissionalId = () => storedId('profissionalId') ?? storedId('id');

/** Filters of the job search, as kept in the address bar. */
export interface JobFilters {
  q: string;
  especialidade: string;
  bairro: string;
  tempo: string;
  page: number;
}

export function readJobFilters(params: URLSearchParams): JobFilters {
  return {
    q: params.get('q')?.trim() ?? '',
    especialidade: params.get('especialidade') ?? '',
    bairro: params.get('bairro') ?? '',
    tempo: params.get('tempo') ?? '',
    page: pageParam(params.get('page')),
  };
}

export function jobsQueryString(f: JobFilters) {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.especialidade) p.set('especialidade', f.especialidade);
  if (f.bairro) p.set('bairro', f.bairro);
  if (f.tempo) p.set('tempo', f.tempo);
  p.set('page', String(f.page));
  p.set('pageSize', '12');
  return p.toString();
}

export const jobsQuery = (f: JobFilters) =>
  queryOptions({
    queryKey: ['profissional', 'disponiveis', f],
    queryFn: ({ signal }) => api<Paged<RequestDto>>(`/requests/disponiveis?${jobsQueryString(f)}`, { as, signal }),
  });

/**
 * The open jobs I applied to: job search's pages are the same for every professional (the API keeps
 * them a few seconds), so the screen marks these "Já se candidatou" itself. Applying refreshes it
 * (useApply invalidates the area's reads).
 */
export const appliedJobsQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['profissional', 'candidatados', id],
    queryFn: ({ signal }) => api<OpenApplications>('/requests/disponiveis/minhas-candidaturas', { as, signal }),
    enabled: id !== null,
    select: (r) => new Set(r.ids),
  });

export const jobKey = (id: number | null) => ['profissional', 'chamado', id] as const;

/** One job by id (a reload, or a job alert's link, works). */
export const jobQuery = (id: number | null) =>
  queryOptions({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api<RequestDto>(`/requests/${id}`, { as, signal }),
    enabled: id !== null,
  });

/** A job's id in its address, or null (detalhes-chamado-page.tsx reads it the same way). */
export const jobIdOf = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** The approved reviews of the professional, 3 a page. */
export const myReviewsQuery = (id: number | null, page: number) =>
  queryOptions({
    queryKey: ['profissional', 'avaliacoes', id, page],
    queryFn: ({ signal }) => api<Paged<PublicReview>>(`/review/profissional/${id}?page=${page}&pageSize=3`, { as, signal }),
    enabled: id !== null,
  });

export const balanceKey = (id: number | null) => ['profissional', 'saldo', id] as const;

export const balanceQuery = (id: number | null) =>
  queryOptions({
    queryKey: balanceKey(id),
    queryFn: ({ signal }) => api<CreditBalance>(`/subscriptions/credito/${id}`, { as, signal }),
    enabled: id !== null,
  });

export const ledgerQuery = (id: number | null, page: number) =>
  queryOptions({
    queryKey: ['profissional', 'historico', id, page],
    queryFn: ({ signal }) => api<Paged<LedgerEntry>>(`/creditos/historico/${id}?page=${page}&pageSize=10`, { as, signal }),
    enabled: id !== null,
  });

/** The purchases still waiting for their payment (the first page: the newest). */
export const pendingPaymentsQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['profissional', 'pagamentos', id, 'PENDENTE'],
    queryFn: ({ signal }) => api<Paged<Payment>>(`/pagamentos/profissional/${id}?estado=PENDENTE`, { as, signal }),
    enabled: id !== null,
    retry: false,
  });

/** My applications, newest first, 20 a page. */
export const applicationsQuery = (id: number | null, page: number) =>
  queryOptions({
    queryKey: ['profissional', 'candidaturas', id, page],
    queryFn: ({ signal }) => api<Paged<ApplicationItem>>(`/creditos/profissional/${id}?page=${page}`, { as, signal }),
    enabled: id !== null,
  });

export const ownProfileQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['profissional', 'perfil', id],
    queryFn: ({ signal }) => api<ProfissionalPerfil>(`/profissional/${id}`, { as, signal }),
    enabled: id !== null,
    retry: false,
  });

/** What each of the area's screens shows first, asked for as its route is drawn. */
export const professionalScreens = {
  jobs: (qc: QueryClient, search: URLSearchParams) => prefetchAll(qc, [jobsQuery(readJobFilters(search)), appliedJobsQuery(ownProfissionalId())]),
  menu: (qc: QueryClient) => {
    const id = ownProfissionalId();
    prefetchAll(qc, [balanceQuery(id), pendingPaymentsQuery(id), ledgerQuery(id, 1), ownProfileQuery(id)]);
  },
  applications: (qc: QueryClient) => prefetchAll(qc, [applicationsQuery(ownProfissionalId(), 1)]),
  // A job alert's link: the job, and the balance its "Candidatar-se" shows.
  job: (qc: QueryClient, rawId: string | undefined) => {
    const profId = ownProfissionalId();
    prefetchAll(qc, [jobQuery(profId === null ? null : jobIdOf(rawId)), balanceQuery(profId)]);
  },
  reviews: (qc: QueryClient) => {
    const id = ownProfissionalId();
    prefetchAll(qc, [ownProfileQuery(id), myReviewsQuery(id, 1)]);
  },
};
