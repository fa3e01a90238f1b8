import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findPlan, type ApplyResult, type LeadReportSummary, type LedgerEntry, type ReportLeadBody, type RequestDto } from '@tc/shared';
import { api } from '../../lib/api';
import {
  applicationsQuery,
  appliedJobsQuery,
  balanceKey,
  balanceQuery,
  jobQuery,
  jobsQuery,
  myReviewsQuery,
  ledgerQuery,
  ownProfileQuery,
  pendingPaymentsQuery,
  type JobFilters,
} from './profissional-queries';
export type { Payment, PaymentState } from '@tc/shared';

export { balanceKey, jobIdOf, jobKey, jobsQueryString, ownProfissionalId, readJobFilters, type JobFilters } from './profissional-queries';

export type { Paged } from '@tc/shared';

/** The answers this area reads, inferred from the schemas the API answers with. */
export type { ApplicationItem as Application, ApplyResult, LedgerEntry } from '@tc/shared';
export type LedgerType = LedgerEntry['tipo'];

const as = 'profissional' as const;

export const useCreditBalance = (id: number | null) => useQuery(balanceQuery(id));

export const useLedger = (id: number | null, page: number) => useQuery({ ...ledgerQuery(id, page), placeholderData: keepPreviousData });

/** The purchases still waiting for their payment (the first page: the newest). */
export const usePendingPayments = (id: number | null) => useQuery(pendingPaymentsQuery(id));

export const useAvailableJobs = (f: JobFilters) => useQuery({ ...jobsQuery(f), placeholderData: keepPreviousData });

/** The ids of the open jobs I applied to (job search marks them); empty until known or on failure. */
export const useAppliedJobs = (id: number | null) => useQuery(appliedJobsQuery(id)).data ?? NONE;
const NONE: ReadonlySet<number> = new Set();

/** One job by id (a reload works); the job passed along from the search shows at once meanwhile. */
export const useJob = (id: number | null, passed?: RequestDto | null) =>
  useQuery({ ...jobQuery(id), placeholderData: passed && passed.id === id ? passed : undefined });

/** My applications, newest first, 20 a page. */
export const useApplications = (id: number | null, page = 1) => useQuery({ ...applicationsQuery(id, page), placeholderData: keepPreviousData });

export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestId: number; profissionalId: number }) => api<ApplyResult>('/creditos/usar', { method: 'POST', body, as }),
    onSuccess: (result, { profissionalId }) => {
      qc.setQueryData(balanceKey(profissionalId), { creditosRestantes: result.creditosRestantes });
      return qc.invalidateQueries({ queryKey: ['profissional'] });
    },
  });
}

export const useMyReviews = (id: number | null, page: number) => useQuery({ ...myReviewsQuery(id, page), placeholderData: keepPreviousData });

export const useOwnProfile = (id: number | null) => useQuery(ownProfileQuery(id));

/** "Poupança" for the plan value "poupanca" (falls back to what the server sent). */
export const planName = (plano: string) => findPlan(plano)?.nome ?? plano;

/** "Reportar contacto": a dead lead, within 7 days of applying; an admin decides the refund. */
export function useReportLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ candidaturaId, ...body }: { candidaturaId: number } & ReportLeadBody) =>
      api<LeadReportSummary>(`/candidaturas/${candidaturaId}/reportar`, { method: 'POST', body, as }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['profissional', 'candidaturas'] }),
  });
}
