import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@tc/shared/catalogue/statuses';
import type { MarcarLidasResponse, NotificacoesPage, PorLer, Preferencias, PreferenciasBody } from '@tc/shared/schemas/notificacoes';
import { api } from '../../lib/api';

/** How often the bell asks for the unread count (no push channel: a light poll). */
export const BELL_POLL_MS = 30_000;
/** Notifications shown when the bell is opened. */
export const BELL_PAGE_SIZE = 10;

export const notificacoesKey = (role: Role) => ['notificacoes', role] as const;

export const useUnreadCount = (role: Role) =>
  useQuery({
    queryKey: [...notificacoesKey(role), 'por-ler'],
    queryFn: ({ signal }) => api<PorLer>('/notificacoes/por-ler', { as: role, signal }),
    refetchInterval: BELL_POLL_MS,
    staleTime: 10_000,
  });

export const useNotifications = (role: Role, enabled: boolean) =>
  useQuery({
    queryKey: [...notificacoesKey(role), 'lista'],
    queryFn: ({ signal }) => api<NotificacoesPage>(`/notificacoes?page=1&pageSize=${BELL_PAGE_SIZE}`, { as: role, signal }),
    enabled,
    // Each opening shows what is new.
    staleTime: 0,
  });

/** Marks these notifications read; the badge follows. */
export const useMarkRead = (role: Role) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<MarcarLidasResponse>('/notificacoes/lidas', { method: 'POST', body: { ids }, as: role }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...notificacoesKey(role), 'por-ler'] }),
  });
};

export const preferenciasKey = (role: Role) => ['notificacoes', role, 'preferencias'] as const;

export const usePreferences = (role: Role) =>
  useQuery({
    queryKey: preferenciasKey(role),
    queryFn: ({ signal }) => api<Preferencias>('/notificacoes/preferencias', { as: role, signal }),
  });

export const useSavePreferences = (role: Role) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferenciasBody) => api<Preferencias>('/notificacoes/preferencias', { method: 'PUT', body, as: role }),
    onSuccess: (data) => qc.setQueryData(preferenciasKey(role), data),
  });
};
