import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { avaliaveisQuery } from './reviews-queries';
import type { RequestDto, ReviewCreated } from '@tc/shared';

/** GET /cliente/profissionais-avaliaveis: who applied to my projects, and the project to review them for. */
export type { ReviewableProfessional as ProfissionalAvaliavel } from '@tc/shared';

export { AVALIAR_PAGE_SIZE } from './reviews-queries';

export const useAvaliaveis = (q: string, page: number) => useQuery({ ...avaliaveisQuery(q, page), placeholderData: keepPreviousData });

export interface CreateReview {
  profissionalId: number;
  requestId?: number;
  nota: number;
  comentario: string;
}

export const useCreateReview = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReview) => api<ReviewCreated>('/review/create', { method: 'POST', body, as: 'cliente' }),
    // The reviewed professional is no longer "avaliável" for that project.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['avaliaveis'] }),
  });
};

/** Title of one of my projects (the review is for it), looked up in my own project list. */
export const useTituloProjeto = (requestId: number | null, clienteId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['avaliacao', 'projeto', requestId],
    queryFn: ({ signal }) => api<RequestDto>(`/requests/${requestId}`, { as: 'cliente', signal }),
    enabled: enabled && requestId !== null && clienteId !== null,
    select: (r) => r.titulo ?? null,
    staleTime: 60_000,
  });
