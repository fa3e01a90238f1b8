import { z } from 'zod';
import { NEW_PROJECTS_MODES, SWITCHABLE_KINDS, type SwitchableKind } from '../catalogue/notificacoes';
import { paged } from './requests';

/** Payloads of the notifications API; the kinds, labels and texts are in catalogue/notificacoes (no zod: the header's bell uses them). */

/** One in-app notification (the bell). `link` is a path of the web app. */
export const notificacaoItem = z.object({
  id: z.number().int(),
  tipo: z.string(),
  titulo: z.string(),
  corpo: z.string(),
  link: z.string().nullable(),
  lida: z.boolean(),
  criadoEm: z.string(),
});
export type Notificacao = z.infer<typeof notificacaoItem>;
export const notificacoesPage = paged(notificacaoItem);
export type NotificacoesPage = z.infer<typeof notificacoesPage>;

/** Unread notifications, counted up to NOTIFICATIONS_UNREAD_CAP (the badge then shows "99+"). */
export const porLerResponse = z.object({ total: z.number().int() });
export type PorLer = z.infer<typeof porLerResponse>;

/** POST /notificacoes/lidas: these ids, or every notification when `ids` is absent. */
export const marcarLidasBody = z
  .object({ ids: z.array(z.number().int().positive()).max(200, 'No máximo 200 notificações de cada vez.').optional() })
  .default({});
export const marcarLidasResponse = z.object({ atualizadas: z.number().int() });
export type MarcarLidasResponse = z.infer<typeof marcarLidasResponse>;

export const preferenciaItem = z.object({ tipo: z.string(), label: z.string(), ativo: z.boolean() });
export const preferenciasResponse = z.object({
  email: z.array(preferenciaItem),
  /** Professionals only; null for the other roles. */
  novosProjetos: z.enum(NEW_PROJECTS_MODES).nullable(),
});
export type Preferencias = z.infer<typeof preferenciasResponse>;

const kindError = { error: 'Tipo de notificação desconhecido.' };
export const preferenciasBody = z.object({
  /** The kinds switched off (every other kind of the role is on). */
  desligados: z.array(z.enum(SWITCHABLE_KINDS as [SwitchableKind, ...SwitchableKind[]], kindError)).max(50),
  novosProjetos: z.enum(NEW_PROJECTS_MODES, { error: 'Escolha "de imediato" ou "resumo diário".' }).optional(),
});
export type PreferenciasBody = z.infer<typeof preferenciasBody>;

export const cancelarQuery = z.object({ t: z.string().trim().max(600).default('') });
export const cancelarResponse = z.object({ tipos: z.array(z.string()), message: z.string() });
