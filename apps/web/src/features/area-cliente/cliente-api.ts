import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicantResponse,
  ClienteProfileCompleted,
  ChooseProfessionalResponse,
  ConcludeRequestResponse,
  CreateRequestBody,
  DeletedRequestResponse,
  RequestDto,
} from '@tc/shared';
import { api } from '../../lib/api';
import { clienteAccountQuery, clienteProjectsQuery } from './cliente-queries';

/** One professional who applied to a project (GET /requests/:id/profissionais). */
export type { ApplicantResponse as Applicant } from '@tc/shared';

export { ownClienteId } from './cliente-queries';

/** The client's own projects, newest first, 20 a page. */
export const useClienteProjects = (clienteId: number | null, page = 1) =>
  useQuery({ ...clienteProjectsQuery(clienteId, page), placeholderData: keepPreviousData });

export const useApplicants = (requestId: number | null) =>
  useQuery({
    queryKey: ['cliente', 'candidatos', requestId],
    queryFn: ({ signal }) => api<ApplicantResponse[]>(`/requests/${requestId}/profissionais`, { as: 'cliente', signal }),
    enabled: requestId !== null,
  });

/** The account, for the greeting and the default contact; optional everywhere it is used. */
export const useClienteAccount = (email: string | null) => useQuery(clienteAccountQuery(email));

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRequestBody) => api<RequestDto>('/requests/create', { method: 'POST', body, as: 'cliente' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cliente', 'projetos'] }),
  });
}

/**
 * "Marcar como concluído", saying who did the job: one of the applicants, or null ("Nenhum destes
 * profissionais"); without `profissionalId` the earlier choice stays.
 */
export function useConcludeProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, profissionalId }: { id: number; profissionalId?: number | null }) =>
      api<ConcludeRequestResponse>(`/requests/${id}/concluir`, {
        method: 'PATCH',
        as: 'cliente',
        ...(profissionalId === undefined ? {} : { body: { profissionalId } }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cliente'] }),
  });
}

/** "Escolhi este profissional": one of the applicants of an open project (changeable until completion). */
export function useChooseProfessional() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, profissionalId }: { id: number; profissionalId: number }) =>
      api<ChooseProfessionalResponse>(`/requests/${id}/escolher`, { method: 'POST', body: { profissionalId }, as: 'cliente' }),
    onSuccess: (_r, { id }) =>
      Promise.all([qc.invalidateQueries({ queryKey: ['cliente', 'projetos'] }), qc.invalidateQueries({ queryKey: ['cliente', 'candidatos', id] })]),
  });
}

/** "Cancelar projeto" before anyone is chosen: removed, and whoever paid for it is refunded. */
export function useCancelProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<DeletedRequestResponse>(`/requests/${id}/cancelar`, { method: 'POST', as: 'cliente' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cliente', 'projetos'] }),
  });
}

export const useCompleteProfile = () =>
  useMutation({
    mutationFn: (data: { id: number; telefone: string; foto: File | null }) => {
      const form = new FormData();
      form.append('id', String(data.id));
      form.append('telefone', data.telefone);
      if (data.foto) form.append('foto', data.foto);
      return api<ClienteProfileCompleted>('/cliente/complete-profile', { method: 'PUT', body: form, as: 'cliente' });
    },
  });
