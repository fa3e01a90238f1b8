import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Paged } from '@tc/shared';

/** GET /cliente/profissionais-avaliaveis: who applied to my projects, and the project to review them for. */
export interface ProfissionalAvaliavel {
  id: number;
  nome: string;
  especialidades: string[];
  cidade: string;
  fotoUrl: string | null;
  notaMedia: number | null;
  requestId: number | null;
  requestTitulo: string | null;
  podeAvaliar: boolean;
}

export const AVALIAR_PAGE_SIZE = 6;

export const useAvaliaveis = (q: string, page: number) =>
  useQuery({
    queryKey: ['avaliaveis', q, page],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(page), pageSize: String(AVALIAR_PAGE_SIZE) });
      if (q) qs.set('q', q);
      return api<Paged<ProfissionalAvaliavel>>(`/cliente/profissionais-avaliaveis?${qs}`, { as: 'cliente', signal });
    },
    placeholderData: keepPreviousData,
  });

export interface CreateReview { profissionalId: number; requestId?: number; nota: number; comentario: string }

export const useCreateReview = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReview) =>
      api<{ id: number; status: string; requestId: number; message: string }>('/review/create', { method: 'POST', body, as: 'cliente' }),
    // The reviewed professional is no longer "avaliável" for that project.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['avaliaveis'] }),
  });
};

/** Title of one of my projects (the review is for it), looked up in my own project list. */
export const useTituloProjeto = (requestId: number | null, clienteId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['avaliacao', 'projeto', requestId],
    queryFn: ({ signal }) => api<{ id: number; titulo: string }>(`/requests/${requestId}`, { as: 'cliente', signal }),
    enabled: enabled && requestId !== null && clienteId !== null,
    select: (r) => r.titulo ?? null,
    staleTime: 60_000,
  });
