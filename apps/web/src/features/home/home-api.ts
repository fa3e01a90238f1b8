import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ProfissionalCard, RecentReview } from '@tc/shared';
/** GET /api/profissional/top-avaliados: public professional cards. */
export type TopProfissional = ProfissionalCard;

/** GET /api/review/recent: approved reviews, newest first (`nome`/`fotoUrl` are the professional's). */
export type { RecentReview } from '@tc/shared';

// Spec §6: these home sections fail silently (the section simply hides), so no retries to wait for.
export const useRecentReviews = () => useQuery({ queryKey: ['home', 'recent-reviews'], queryFn: () => api<RecentReview[]>('/review/recent'), retry: false });

export const useTopProfissionais = () =>
  useQuery({ queryKey: ['home', 'top-avaliados'], queryFn: () => api<TopProfissional[]>('/profissional/top-avaliados'), retry: false });
