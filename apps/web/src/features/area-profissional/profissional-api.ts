import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  findPlan,
  type ApplicationItem,
  type ApplyResult,
  type CreditBalance,
  type LeadReportSummary,
  type LedgerEntry,
  type ProfissionalPerfil,
  type PublicReview,
  type ReportLeadBody,
  type RequestDto,
} from '@tc/shared';
import { api } from '../../lib/api';
import { storedId } from '../../lib/session';
import type { Payment } from '@tc/shared';
export type { Payment, PaymentState } from '@tc/shared';

/** The logged-in professional's id: `profissionalId`, or the generic `id` kept at login (spec §3). */
export const ownProfissionalId = () => storedId('profissionalId') ?? storedId('id');

export type { Paged } from '@tc/shared';
import type { Paged } from '@tc/shared';

/** The answers this area reads, inferred from the schemas the API answers with. */
export type { ApplicationItem as Application, ApplyResult, LedgerEntry } from '@tc/shared';
export type LedgerType = LedgerEntry['tipo'];

/** Filters of the job search, as kept in the address bar. */
export interface JobFilters {
  q: string;
  especialidade: string;
  bairro: string;
  tempo: string;
  page: number;
}

const as = 'profissional' as const;

export const balanceKey = (id: number | null) => ['profissional', 'saldo', id] as const;

export const useCreditBalance = (id: number | null) =>
  useQuery({
    queryKey: balanceKey(id),
    queryFn: ({ signal }) => api<CreditBalance>(`/subscriptions/credito/${id}`, { as, signal }),
    enabled: id !== null,
  });

export const useLedger = (id: number | null, page: number) =>
  useQuery({
    queryKey: ['profissional', 'historico', id, page],
    queryFn: ({ signal }) => api<Paged<LedgerEntry>>(`/creditos/historico/${id}?page=${page}&pageSize=10`, { as, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

/** The purchases still waiting for their payment (the first page: the newest). */
export const usePendingPayments = (id: number | null) =>
  useQuery({
    queryKey: ['profissional', 'pagamentos', id, 'PENDENTE'],
    queryFn: ({ signal }) => api<Paged<Payment>>(`/pagamentos/profissional/${id}?estado=PENDENTE`, { as, signal }),
    enabled: id !== null,
    retry: false,
  });

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

export const useAvailableJobs = (f: JobFilters) =>
  useQuery({
    queryKey: ['profissional', 'disponiveis', f],
    queryFn: ({ signal }) => api<Paged<RequestDto>>(`/requests/disponiveis?${jobsQueryString(f)}`, { as, signal }),
    placeholderData: keepPreviousData,
  });

export const jobKey = (id: number | null) => ['profissional', 'chamado', id] as const;

/** One job by id (a reload works); the job passed along from the search shows at once meanwhile. */
export const useJob = (id: number | null, passed?: RequestDto | null) =>
  useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api<RequestDto>(`/requests/${id}`, { as, signal }),
    enabled: id !== null,
    placeholderData: passed && passed.id === id ? passed : undefined,
  });

/** My applications, newest first, 20 a page. */
export const useApplications = (id: number | null, page = 1) =>
  useQuery({
    queryKey: ['profissional', 'candidaturas', id, page],
    queryFn: ({ signal }) => api<Paged<ApplicationItem>>(`/creditos/profissional/${id}?page=${page}`, { as, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

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

export const useMyReviews = (id: number | null, page: number) =>
  useQuery({
    queryKey: ['profissional', 'avaliacoes', id, page],
    queryFn: ({ signal }) => api<Paged<PublicReview>>(`/review/profissional/${id}?page=${page}&pageSize=3`, { as, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

export const useOwnProfile = (id: number | null) =>
  useQuery({
    queryKey: ['profissional', 'perfil', id],
    queryFn: ({ signal }) => api<ProfissionalPerfil>(`/profissional/${id}`, { as, signal }),
    enabled: id !== null,
    retry: false,
  });

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
