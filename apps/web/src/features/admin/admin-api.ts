import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminCliente,
  AdminLeadReport,
  AdminPaymentsPage,
  AdminProfissional,
  AdminProject,
  AdminReview,
  AdminStats,
  AuditEntry,
  PaymentAnomaly,
} from '@tc/shared';
import { api } from '../../lib/api';
import type { Paged } from '@tc/shared';
export type { Paged } from '@tc/shared';

export const PAGE_SIZE = 10;

/** The answers of the back office's routes, inferred from the schemas the API answers with. */
export type { AdminCliente, AdminPayment, AdminProfissional, AdminProject, AdminReview, AdminStats, AuditEntry, PaymentState } from '@tc/shared';

export type PaymentsKind = 'recebido' | 'total';

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

export const useAdminStats = () => useQuery({ queryKey: adminKeys.stats, queryFn: ({ signal }) => api<AdminStats>('/admin/stats', { as: 'admin', signal }) });

export const useAdminProjects = (q: string, status: string, page: number) =>
  useQuery({
    queryKey: [...adminKeys.projects, q, status, page],
    queryFn: ({ signal }) => api<Paged<AdminProject>>(`/requests/all${query({ q, status, page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminReviews = (q: string, status: string, page: number) =>
  useQuery({
    queryKey: [...adminKeys.reviews, q, status, page],
    queryFn: ({ signal }) => api<Paged<AdminReview>>(`/review/all${query({ q, status, page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminClientes = (q: string, page: number) =>
  useQuery({
    queryKey: [...adminKeys.clientes, q, page],
    queryFn: ({ signal }) => api<Paged<AdminCliente>>(`/cliente/see-all${query({ q, page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminProfissionais = (q: string, verificacao: string, page: number) =>
  useQuery({
    queryKey: [...adminKeys.profissionais, q, verificacao, page],
    queryFn: ({ signal }) =>
      api<Paged<AdminProfissional>>(`/admin/profissionais${query({ q, verificacao, page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminPayments = (tipo: PaymentsKind, mes: string, plano: string, page: number) =>
  useQuery({
    queryKey: [...adminKeys.payments, tipo, mes, plano, page],
    queryFn: ({ signal }) => api<AdminPaymentsPage>(`/admin/pagamentos${query({ tipo, mes, plano, page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.audit, page],
    queryFn: ({ signal }) => api<Paged<AuditEntry>>(`/admin/audit${query({ page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

/** "Pagamentos por conciliar": provider events that credited nothing, unresolved first. */
export const useAdminPaymentAnomalies = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.anomalies, page],
    queryFn: ({ signal }) => api<Paged<PaymentAnomaly>>(`/admin/pagamentos/por-conciliar${query({ page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

/** "Leads reportados": dead leads reported by professionals, the ones to decide first. */
export const useAdminLeadReports = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.leads, page],
    queryFn: ({ signal }) => api<Paged<AdminLeadReport>>(`/admin/leads-reportados${query({ page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });
