import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  NOTIFICATIONS_UNREAD_CAP,
  type NewProjectsMode,
  type PreferenciasBody,
  type Preferencias,
  type Role,
  type SwitchableKind,
} from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { emailOutbox, notificacoes, notificationPrefs } from '../../db/schema';
import { pageOf, pageWindow } from '../../db/paging';
import { executeShape, runList } from '../../db/prepared';
import { badRequest } from '../../lib/app-error';
import { bellText, renderStored } from './templates';
import type { UnsubscribeClaim } from './unsubscribe';
import { iso } from '../../lib/iso';

export interface Person {
  tipo: Role;
  id: number;
}
const mine = (t: typeof notificacoes, u: Person) => and(eq(t.destinatarioTipo, u.tipo), eq(t.destinatarioId, u.id));

const ROLE_LITERAL: Record<Role, SQL> = { cliente: sql.raw(`'cliente'`), profissional: sql.raw(`'profissional'`), admin: sql.raw(`'admin'`) };

/** What a notification holds, as the bell and the RGPD export read it. */
const storedColumns = {
  tipo: notificacoes.tipo,
  titulo: notificacoes.titulo,
  corpo: notificacoes.corpo,
  link: notificacoes.link,
  dados: notificacoes.dados,
  lidaEm: notificacoes.lidaEm,
  criadoEm: notificacoes.criadoEm,
};

/** The bell's list, newest first (notificacoes_dest_idx), a page at a time. */
export async function listNotifications(db: Db, u: Person, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  // The role is a literal of the statement (one per role): as a parameter, a fresh plan knew how many
  // rows that role has (none, for a role nobody has written to yet), always looked cheaper than the
  // kept one, and the list was planned on every request.
  const role = ROLE_LITERAL[u.tipo];
  const opts = { page, pageSize, filters: { id: u.id } };
  const columns = { id: notificacoes.id, ...storedColumns };
  const rows = await runList(db, `notificacoes_${u.tipo}`, opts, (v, offset) => {
    const whose = and(sql`${notificacoes.destinatarioTipo} = ${role}`, eq(notificacoes.destinatarioId, v('id') as number));
    const newest = [desc(notificacoes.criadoEm), desc(notificacoes.id)];
    if (offset === undefined)
      return db
        .select(columns)
        .from(notificacoes)
        .where(whose)
        .orderBy(...newest)
        .limit(limit);
    // A later page: its ids from notificacoes_dest_idx alone, then those rows only. Read whole, page
    // 500 of a busy bell visited the 25,000 rows its OFFSET skips (1.2 s cold on the generated data).
    const page = db
      .select({ pageId: notificacoes.id, pageCriadoEm: notificacoes.criadoEm })
      .from(notificacoes)
      .where(whose)
      .orderBy(...newest)
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return db.select(columns).from(page).innerJoin(notificacoes, eq(notificacoes.id, page.pageId)).orderBy(desc(page.pageCriadoEm), desc(page.pageId));
  });
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      tipo: r.tipo,
      ...bellText(r),
      lida: r.lidaEm !== null,
      criadoEm: iso(r.criadoEm),
    })),
    page,
    pageSize,
  );
}

/**
 * Unread, counted up to the cap (the partial index notificacoes_por_ler_idx; never a full count). Every
 * signed-in page asks for it: kept prepared, one statement per role with the role a literal (as the
 * list's, above) and the cap in the text (a LIMIT parameter makes the kept plan assume a tenth of the table).
 */
export async function unreadCount(db: Db, u: Person) {
  const res = await executeShape<{ n: number }>(
    db,
    `notificacoes_por_ler_${u.tipo}`,
    () => sql`
    select count(*)::int as n from (
      select 1 from notificacoes where destinatario_tipo = ${ROLE_LITERAL[u.tipo]} and destinatario_id = ${sql.placeholder('id')}::int and lida_em is null
      limit ${sql.raw(String(NOTIFICATIONS_UNREAD_CAP))}
    ) x`,
    { id: u.id },
  );
  return { total: Number(res.rows[0]?.n ?? 0) };
}

export async function markRead(db: Db, u: Person, ids: number[] | undefined, now: Date) {
  const rows = await db
    .update(notificacoes)
    .set({ lidaEm: now })
    .where(and(mine(notificacoes, u), isNull(notificacoes.lidaEm), ids ? inArray(notificacoes.id, ids.length ? ids : [0]) : undefined))
    .returning({ id: notificacoes.id });
  return { atualizadas: rows.length };
}

async function prefsRow(db: Db | Tx, u: Person) {
  // Built once and kept prepared (executeShape): built and planned on every request, the settings
  // screen's one read answered two thirds of what one round trip does.
  const { rows } = await executeShape<{ desligados: string[]; novos_projetos: string }>(
    db,
    'notification_prefs',
    () => sql`
      select desligados, novos_projetos from notification_prefs
      where destinatario_tipo = ${sql.placeholder('tipo')}::user_role and destinatario_id = ${sql.placeholder('id')}::int`,
    { tipo: u.tipo, id: u.id },
  );
  const row = rows[0];
  return row ? { desligados: row.desligados, novosProjetos: row.novos_projetos } : { desligados: [] as string[], novosProjetos: 'INSTANTANEO' };
}

export async function getPreferences(db: Db, u: Person): Promise<Preferencias> {
  const row = await prefsRow(db, u);
  return {
    email: NOTIFICATION_KINDS_BY_ROLE[u.tipo].map((tipo) => ({ tipo, label: NOTIFICATION_KIND_LABELS[tipo], ativo: !row.desligados.includes(tipo) })),
    novosProjetos: u.tipo === 'profissional' ? (row.novosProjetos as NewProjectsMode) : null,
  };
}

export async function setPreferences(db: Db, u: Person, body: PreferenciasBody, now: Date): Promise<Preferencias> {
  const allowed: readonly string[] = NOTIFICATION_KINDS_BY_ROLE[u.tipo];
  const foreign = body.desligados.filter((k) => !allowed.includes(k));
  if (foreign.length)
    throw badRequest('VALIDATION', 'Estas notificações não existem para o seu tipo de conta.', { desligados: 'Tipo de notificação desconhecido.' });
  if (body.novosProjetos && u.tipo !== 'profissional')
    throw badRequest('VALIDATION', 'Só os profissionais recebem novos projetos.', { novosProjetos: 'Só os profissionais recebem novos projetos.' });
  const desligados = [...new Set(body.desligados)];
  const novosProjetos = body.novosProjetos ?? 'INSTANTANEO';
  await db
    .insert(notificationPrefs)
    .values({ destinatarioTipo: u.tipo, destinatarioId: u.id, desligados, novosProjetos, atualizadoEm: now })
    .onConflictDoUpdate({
      target: [notificationPrefs.destinatarioTipo, notificationPrefs.destinatarioId],
      set: { desligados, ...(body.novosProjetos ? { novosProjetos } : {}), atualizadoEm: now },
    });
  return getPreferences(db, u);
}

/**
 * The unsubscribe link's action: these kinds switched off for that person (added to what was
 * already off). Lines of those kinds still waiting to be sent are dropped: they were not sent, so
 * they are not part of the sent log.
 */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim, now: Date) {
  const kinds = claim.kinds as string[];
  const arr = sql`${`{${kinds.join(',')}}`}::text[]`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into notification_prefs (destinatario_tipo, destinatario_id, desligados, atualizado_em)
      values (${claim.tipo}::user_role, ${claim.id}, ${arr}, ${now.toISOString()}::timestamptz)
      on conflict (destinatario_tipo, destinatario_id) do update set
        desligados = array(select distinct unnest(notification_prefs.desligados || excluded.desligados) order by 1),
        atualizado_em = excluded.atualizado_em`);
    await tx
      .delete(emailOutbox)
      .where(
        and(
          eq(emailOutbox.destinatarioTipo, claim.tipo),
          eq(emailOutbox.destinatarioId, claim.id),
          eq(emailOutbox.estado, 'PENDENTE'),
          inArray(emailOutbox.tipo, kinds),
        ),
      );
  });
  return { tipos: kinds.map((k) => NOTIFICATION_KIND_LABELS[k as SwitchableKind]), kinds };
}

/** RGPD export: the preferences and every in-app notification of this person. */
export async function notificationDataOf(db: Db, tipo: Role, id: number) {
  const [prefs] = await db
    .select({ desligados: notificationPrefs.desligados, novosProjetos: notificationPrefs.novosProjetos, atualizadoEm: notificationPrefs.atualizadoEm })
    .from(notificationPrefs)
    .where(and(eq(notificationPrefs.destinatarioTipo, tipo), eq(notificationPrefs.destinatarioId, id)));
  const lista = await db
    .select(storedColumns)
    .from(notificacoes)
    .where(mine(notificacoes, { tipo, id }))
    .orderBy(desc(notificacoes.criadoEm), desc(notificacoes.id));
  const emails = await db
    .select({
      tipo: emailOutbox.tipo,
      assunto: emailOutbox.assunto,
      dados: emailOutbox.dados,
      estado: emailOutbox.estado,
      criadoEm: emailOutbox.criadoEm,
      enviadoEm: emailOutbox.enviadoEm,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.destinatarioTipo, tipo), eq(emailOutbox.destinatarioId, id)))
    .orderBy(desc(emailOutbox.criadoEm), desc(emailOutbox.id));
  return {
    preferenciasNotificacoes: {
      emailsDesligados: prefs?.desligados ?? [],
      ...(tipo === 'profissional' ? { novosProjetos: prefs?.novosProjetos ?? 'INSTANTANEO' } : {}),
      atualizadoEm: prefs?.atualizadoEm ?? null,
    },
    notificacoes: lista.map(({ dados, ...r }) => ({ tipo: r.tipo, ...bellText({ ...r, dados }), lidaEm: r.lidaEm, criadoEm: r.criadoEm })),
    emailsEnviados: emails.map(({ dados, ...e }) => ({ ...e, assunto: e.assunto ?? renderStored(e.tipo, dados)?.assunto ?? null })),
  };
}

/**
 * Account deletion: the person's notifications, preferences and e-mails (waiting or sent: the sent
 * log holds the address and the text) go with it, in the deletion's transaction.
 */
export async function forgetRecipient(tx: Db | Tx, tipo: Role, id: number) {
  await tx.delete(notificacoes).where(and(eq(notificacoes.destinatarioTipo, tipo), eq(notificacoes.destinatarioId, id)));
  await tx.delete(notificationPrefs).where(and(eq(notificationPrefs.destinatarioTipo, tipo), eq(notificationPrefs.destinatarioId, id)));
  await tx.delete(emailOutbox).where(and(eq(emailOutbox.destinatarioTipo, tipo), eq(emailOutbox.destinatarioId, id)));
}
