import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Garantia, GarantiaEstado, Paged } from '@tc/shared';
import { api } from '../../lib/api';
import { uploadForm } from '../area-profissional';
import { garantiasKeys } from './figures-api';
import { adminGuaranteesQuery } from './garantias-queries';

/** The 14-day guarantee (docs/decisions/0014): hooks for the client, the professional and the back office. */
export { garantiasKeys, useAdminGuaranteeFigures, useGuaranteeFigures } from './figures-api';

/** "Acionar garantia": description and up to 3 photos, with upload progress. */
export function useOpenGuarantee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { requestId: number; descricao: string; fotos: File[]; onProgress?: (p: number) => void }) => {
      const form = new FormData();
      form.append('descricao', v.descricao);
      for (const f of v.fotos) form.append('fotos', f);
      return uploadForm<Garantia>(`/requests/${v.requestId}/garantia`, form, { method: 'POST', as: 'cliente', onProgress: v.onProgress });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cliente', 'projetos'] }),
  });
}

/** The professional's claims, the ones to answer first. */
export const useProfessionalGuarantees = (page: number, enabled = true) =>
  useQuery({
    queryKey: garantiasKeys.profissional(page),
    queryFn: ({ signal }) => api<Paged<Garantia>>(`/profissional/garantias?page=${page}&pageSize=5`, { as: 'profissional', signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export type Answer = { aceite: true; agendadoPara: string; resposta?: string } | { aceite: false; resposta: string };

export function useAnswerGuarantee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: Answer }) =>
      answer.aceite
        ? api<Garantia>(`/garantias/${id}/aceitar`, {
            method: 'PATCH',
            as: 'profissional',
            body: { agendadoPara: answer.agendadoPara, ...(answer.resposta ? { resposta: answer.resposta } : {}) },
          })
        : api<Garantia>(`/garantias/${id}/contestar`, { method: 'PATCH', as: 'profissional', body: { resposta: answer.resposta } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['garantias', 'profissional'] }),
  });
}

/** Back office: open ones first, filter by state. */
export const useAdminGuarantees = (estado: GarantiaEstado | '', page: number, profissionalId: number | null = null) =>
  useQuery({ ...adminGuaranteesQuery(estado, page, profissionalId), placeholderData: keepPreviousData });

export function useCloseGuarantee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolucao }: { id: number; resolucao: string }) =>
      api<Garantia>(`/admin/garantias/${id}/fechar`, { method: 'PATCH', as: 'admin', body: { resolucao } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['garantias', 'admin'] }),
  });
}
