import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPaymentsPage, PaymentAnomaly } from '@tc/shared';
import { api } from '../../lib/api';
import {
  adminKeys,
  auditQuery,
  clientesQuery,
  leadReportsQuery,
  PAGE_SIZE,
  profissionaisQuery,
  projectsQuery,
  query,
  reviewsQuery,
  statsQuery,
} from './admin-queries';
import type { Paged } from '@tc/shared';
export type { Paged } from '@tc/shared';

export { adminKeys, PAGE_SIZE, projectStatusOf, query, reviewStatusOf, verificationOf } from './admin-queries';

/** The answers of the back office's routes, inferred from the schemas the API answers with. */
export type { AdminCliente, AdminPayment, AdminProfissional, AdminProject, AdminReview, AdminStats, AuditEntry, PaymentState } from '@tc/shared';

export type PaymentsKind = 'recebido' | 'total';

export const useAdminStats = () => useQuery(statsQuery());

export const useAdminProjects = (q: string, status: string, page: number) => useQuery({ ...projectsQuery(q, status, page), placeholderData: keepPreviousData });

export const useAdminReviews = (q: string, status: string, page: number) => useQuery({ ...reviewsQuery(q, status, page), placeholderData: keepPreviousData });

export const useAdminClientes = (q: string, page: number) => useQuery({ ...clientesQuery(q, page), placeholderData: keepPreviousData });

export const useAdminProfissionais = (q: string, verificacao: string, page: number) =>
  useQuery({ ...profissionaisQuery(q, verificacao, page), placeholderData: keepPreviousData });

export const useAdminPayments = (tipo: PaymentsKind, mes: string, plano: string, page: number) =>
  useQuery({
    queryKey: [...adminKeys.payments, tipo, mes, plano, page],
    queryFn: ({ signal }) => api<AdminPaymentsPage>(`/admin/pagamentos${query({ tipo, mes, plano, page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) => useQuery({ ...auditQuery(page), placeholderData: keepPreviousData });

/** "Pagamentos por conciliar": provider events that credited nothing, unresolved first. */
export const useAdminPaymentAnomalies = (page: number) =>
  useQuery({
    queryKey: [...adminKeys.anomalies, page],
    queryFn: ({ signal }) => api<Paged<PaymentAnomaly>>(`/admin/pagamentos/por-conciliar${query({ page, pageSize: PAGE_SIZE })}`, { as: 'admin', signal }),
    placeholderData: keepPreviousData,
  });

/** "Leads reportados": dead leads reported by professionals, the ones to decide first. */
export const useAdminLeadReports = (page: number) => useQuery({ ...leadReportsQuery(page), placeholderData: keepPreviousData });
