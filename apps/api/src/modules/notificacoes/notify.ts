import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { findPlan, isEmergency, MAX_APPLICANTS, type Role, type TimeOption } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { intArray } from '../../db/search';
import type { NotificationEvent, NotificationKind } from './events';
import { lisbonHour, nextDailyDigest, nextHourlyDigest } from './schedule';
import { T, type Rendered, type StoredData, type StoredKind } from './templates';

/** One person to tell: the bell's row and, unless switched off, the e-mail. */
export interface Delivery {
  tipo: Role;
  id: number;
  email: string | null;
  rendered: Rendered;
  /** Unique per event and person: a repeated event writes nothing twice. */
  chave: string;
  resumo?: string | null;
  proxima?: Date;
}

type Conn = Db | Tx;
const rowsOf = async <T>(tx: Conn, q: ReturnType<typeof sql>) => (await tx.execute<T & Record<string, unknown>>(q)).rows as T[];
const iso = (d: Date) => d.toISOString();

/**
 * Records the event's in-app notifications and e-mails in the caller's transaction (the outbox);
 * the worker sends the e-mails after commit. Call it inside the transaction that makes the event true.
 * Every event costs a read of what the message says and one write (both tables in one statement);
 * a project's fan-out to the professionals of its zone is one queued row, written out by the worker.
 */
export async function notify(tx: Db | Tx, event: NotificationEvent, now: Date = new Date()): Promise<void> {
  return notifyAll(tx, [event], now);
}

/** The events about one professional each that read only his address and the project's title and client. */
type ToProfessional = Extract<NotificationEvent, { tipo: 'escolhido' | 'nao_escolhido' | 'projeto_fechado' | 'reembolso' }>;
const toProfessional = (e: NotificationEvent): e is ToProfessional =>
  e.tipo === 'escolhido' || e.tipo === 'nao_escolhido' || e.tipo === 'projeto_fechado' || e.tipo === 'reembolso';

/**
 * Several events of one moment (a project's applicants told it was closed, who was chosen and who
 * was not) with one write for all of them, and the professionals' addresses read together: a
 * project's five applicants used to cost ten round trips inside the caller's transaction, with the
 * project's row locked.
 */
export async function notifyAll(tx: Db | Tx, events: NotificationEvent[], now: Date = new Date()): Promise<void> {
  const list: { kind: NotificationKind; d: Delivery }[] = [];
  const pros = events.filter(toProfessional);
  if (pros.length) {
    const ids = [...new Set(pros.map((e) => e.profissionalId))];
    const emails = new Map(
      (await rowsOf<{ id: number; email: string }>(tx, sql`select id, email from profissionais where id = any(${intArray(ids)})`)).map((r) => [
        Number(r.id),
        r.email,
      ]),
    );
    const projects = new Map<number, { titulo: string; cliente_nome: string | null } | undefined>();
    for (const e of pros) {
      const email = emails.get(e.profissionalId);
      // The professional deleted the account meanwhile: nobody to tell.
      if (email === undefined) continue;
      if (e.tipo === 'escolhido' || e.tipo === 'nao_escolhido') {
        if (!projects.has(e.requestId)) {
          const [r] = await rowsOf<{ titulo: string; cliente_nome: string | null }>(
            tx,
            sql`
            select r.titulo, c.nome as cliente_nome from requests r left join clientes c on c.id = r.cliente_id where r.id = ${e.requestId}`,
          );
          projects.set(e.requestId, r);
        }
        const r = projects.get(e.requestId);
        if (r) list.push({ kind: e.tipo, d: professionalDelivery(e, email, r) });
      } else list.push({ kind: e.tipo, d: professionalDelivery(e, email) });
    }
  }
  for (const e of events) {
    if (toProfessional(e)) continue;
    if (e.tipo === 'novo_projeto_na_zona') await queueJobAlerts(tx, e.requestId, now);
    else list.push(...(await deliveriesOf(tx, e, now)).map((d) => ({ kind: e.tipo, d })));
  }
  await writeNotifications(tx, list, now);
}

/** A professional's news about a project: the key names the event, the project and him. */
function professionalDelivery(e: ToProfessional, email: string, project?: { titulo: string; cliente_nome: string | null }): Delivery {
  const rendered =
    e.tipo === 'escolhido'
      ? T.escolhido({ requestId: e.requestId, titulo: project!.titulo, clienteNome: project!.cliente_nome })
      : e.tipo === 'nao_escolhido'
        ? T.naoEscolhido({ titulo: project!.titulo })
        : e.tipo === 'projeto_fechado'
          ? T.projetoFechado({ titulo: e.titulo, reembolso: e.reembolso })
          : T.reembolso({ titulo: e.titulo, creditos: e.creditos, motivo: e.motivo });
  return { tipo: 'profissional', id: e.profissionalId, email, chave: `${e.tipo}:r${e.requestId}:p${e.profissionalId}`, rendered };
}

async function deliveriesOf(tx: Conn, e: Exclude<NotificationEvent, ToProfessional | { tipo: 'novo_projeto_na_zona' }>, now: Date): Promise<Delivery[]> {
  switch (e.tipo) {
    case 'projeto_aprovado': {
      const [r] = await rowsOf<{ titulo: string; creditos: number | null; cliente_id: number; email: string }>(
        tx,
        sql`
        select r.titulo, r.creditos, r.cliente_id, c.email from requests r join clientes c on c.id = r.cliente_id where r.id = ${e.requestId}`,
      );
      if (!r) return [];
      return [
        {
          tipo: 'cliente',
          id: r.cliente_id,
          email: r.email,
          chave: `projeto_aprovado:r${e.requestId}`,
          rendered: T.projetoAprovado({ titulo: r.titulo, creditos: r.creditos, clienteId: r.cliente_id }),
        },
      ];
    }
    case 'nova_candidatura': {
      const [r] = await rowsOf<ApplicationNewsRow>(
        tx,
        sql`
        select r.titulo, r.cliente_id, c.email, p.nome, p.nota_media, p.total_avaliacoes, p.verificacao, p.selos, p.cidade
        from requests r join clientes c on c.id = r.cliente_id, profissionais p
        where r.id = ${e.requestId} and p.id = ${e.profissionalId}`,
      );
      return r ? [novaCandidaturaDelivery(e, r)] : [];
    }
    case 'projeto_lotado': {
      const [r] = await rowsOf<{ titulo: string; cliente_id: number; email: string }>(
        tx,
        sql`
        select r.titulo, r.cliente_id, c.email from requests r join clientes c on c.id = r.cliente_id where r.id = ${e.requestId}`,
      );
      return r ? [projetoLotadoDelivery(e, r)] : [];
    }
    case 'avaliacao_publicada': {
      const [r] = await rowsOf<{ cliente_id: number; email: string; profissional_id: number; nome: string; nota: number }>(
        tx,
        sql`
        select v.cliente_id, c.email, v.profissional_id, p.nome, v.nota
        from reviews v join clientes c on c.id = v.cliente_id join profissionais p on p.id = v.profissional_id where v.id = ${e.reviewId}`,
      );
      if (!r) return [];
      return [
        {
          tipo: 'cliente',
          id: r.cliente_id,
          email: r.email,
          chave: `avaliacao_publicada:v${e.reviewId}`,
          rendered: T.avaliacaoPublicada({ profissionalId: r.profissional_id, nome: r.nome, nota: Number(r.nota) }),
        },
      ];
    }
    case 'avaliacao_aprovada': {
      const [r] = await rowsOf<{ profissional_id: number; email: string; nota: number; comentario: string; cliente_nome: string }>(
        tx,
        sql`
        select v.profissional_id, p.email, v.nota, v.comentario, c.nome as cliente_nome
        from reviews v join profissionais p on p.id = v.profissional_id join clientes c on c.id = v.cliente_id where v.id = ${e.reviewId}`,
      );
      if (!r) return [];
      return [
        {
          tipo: 'profissional',
          id: r.profissional_id,
          email: r.email,
          chave: `avaliacao_aprovada:v${e.reviewId}`,
          rendered: T.avaliacaoAprovada({ nota: Number(r.nota), comentario: r.comentario, clienteNome: r.cliente_nome }),
        },
      ];
    }
    case 'pagamento_confirmado': {
      const [r] = await rowsOf<{ profissional_id: number; email: string; creditos: number; plano: string; valor_centimos: number; saldo: number | null }>(
        tx,
        sql`
        select pay.profissional_id, p.email, pay.creditos, pay.plano, pay.valor_centimos, s.creditos_restantes as saldo
        from payments pay join profissionais p on p.id = pay.profissional_id left join subscriptions s on s.profissional_id = p.id
        where pay.id = ${e.paymentId}`,
      );
      if (!r) return [];
      return [
        {
          tipo: 'profissional',
          id: r.profissional_id,
          email: r.email,
          chave: `pagamento_confirmado:pay${e.paymentId}`,
          rendered: T.pagamentoConfirmado({
            creditos: Number(r.creditos),
            plano: findPlan(r.plano)?.nome ?? r.plano,
            valorCentimos: Number(r.valor_centimos),
            saldo: r.saldo === null ? null : Number(r.saldo),
          }),
        },
      ];
    }
    case 'admin_projeto_pendente': {
      const [r] = await rowsOf<{ id: number }>(tx, sql`select id from requests where id = ${e.requestId}`);
      if (!r) return [];
      const admins = await rowsOf<{ id: number; email: string }>(tx, sql`select id, email from admins order by id`);
      return projetoPendenteDeliveries(admins, now).map((x) => x.d);
    }
    case 'admin_avaliacao_pendente': {
      const [r] = await rowsOf<{ nota: number; profissional_nome: string; cliente_nome: string }>(
        tx,
        sql`
        select v.nota, p.nome as profissional_nome, c.nome as cliente_nome
        from reviews v join profissionais p on p.id = v.profissional_id join clientes c on c.id = v.cliente_id where v.id = ${e.reviewId}`,
      );
      return r
        ? toAdmins(
            tx,
            `${e.tipo}:v${e.reviewId}`,
            T.adminAvaliacaoPendente({ nota: Number(r.nota), profissionalNome: r.profissional_nome, clienteNome: r.cliente_nome }),
            now,
          )
        : [];
    }
    case 'admin_documentos_pendentes': {
      const [r] = await rowsOf<{ nome: string; bairro: string; consentimento_em: string | Date | null }>(
        tx,
        sql`
        select p.nome, p.bairro, p.consentimento_em from profissionais p where p.id = ${e.profissionalId}`,
      );
      if (!r) return [];
      // A new upload after a decision is a new thing to verify: the upload's moment is in the key.
      const at = r.consentimento_em ? new Date(r.consentimento_em).getTime() : now.getTime();
      return toAdmins(tx, `${e.tipo}:p${e.profissionalId}:${at}`, T.adminDocumentosPendentes({ nome: r.nome, bairro: r.bairro }), now);
    }
    case 'admin_lead_reportado': {
      const [r] = await rowsOf<{ titulo: string | null; motivo: string; profissional_nome: string | null }>(
        tx,
        sql`
        select r.titulo, l.motivo, p.nome as profissional_nome
        from lead_reports l left join requests r on r.id = l.request_id left join profissionais p on p.id = l.profissional_id where l.id = ${e.reportId}`,
      );
      if (!r) return [];
      const motivo = LEAD_MOTIVOS[r.motivo] ?? r.motivo;
      return toAdmins(
        tx,
        `${e.tipo}:l${e.reportId}`,
        T.adminLeadReportado({ titulo: r.titulo ?? 'Projeto eliminado', motivo, profissionalNome: r.profissional_nome }),
        now,
      );
    }
    case 'garantia_acionada':
    case 'admin_garantia_acionada': {
      const [r] = await rowsOf<{
        titulo: string;
        descricao: string;
        fotos: number;
        profissional_id: number | null;
        email: string | null;
        profissional_nome: string | null;
        cliente_nome: string | null;
        concluido_em: string | Date | null;
      }>(
        tx,
        sql`
        select g.titulo, g.descricao, cardinality(g.fotos) as fotos, g.profissional_id, p.email, p.nome as profissional_nome, c.nome as cliente_nome, r.concluido_em
        from garantias g left join profissionais p on p.id = g.profissional_id left join clientes c on c.id = g.cliente_id
        left join requests r on r.id = g.request_id where g.id = ${e.garantiaId}`,
      );
      if (!r) return [];
      if (e.tipo === 'admin_garantia_acionada') {
        return toAdmins(
          tx,
          `${e.tipo}:g${e.garantiaId}`,
          T.adminGarantiaAcionada({ titulo: r.titulo, clienteNome: r.cliente_nome, profissionalNome: r.profissional_nome }),
          now,
        );
      }
      if (r.profissional_id === null) return [];
      return [
        {
          tipo: 'profissional',
          id: Number(r.profissional_id),
          email: r.email,
          chave: `${e.tipo}:g${e.garantiaId}`,
          rendered: T.garantiaAcionada({
            titulo: r.titulo,
            clienteNome: r.cliente_nome,
            descricao: r.descricao,
            fotos: Number(r.fotos),
            concluidoEm: r.concluido_em === null ? null : new Date(r.concluido_em),
          }),
        },
      ];
    }
    case 'garantia_respondida':
    case 'garantia_fechada': {
      const [r] = await rowsOf<{
        titulo: string;
        estado: string;
        agendado_para: string | Date | null;
        resposta: string | null;
        resolucao: string | null;
        cliente_id: number | null;
        cliente_email: string | null;
        profissional_id: number | null;
        profissional_email: string | null;
        profissional_nome: string | null;
      }>(
        tx,
        sql`
        select g.titulo, g.estado, g.agendado_para, g.resposta, g.resolucao, g.cliente_id, c.email as cliente_email,
          g.profissional_id, p.email as profissional_email, p.nome as profissional_nome
        from garantias g left join clientes c on c.id = g.cliente_id left join profissionais p on p.id = g.profissional_id where g.id = ${e.garantiaId}`,
      );
      if (!r) return [];
      const clienteId = r.cliente_id === null ? null : Number(r.cliente_id);
      if (e.tipo === 'garantia_respondida') {
        if (clienteId === null) return [];
        return [
          {
            tipo: 'cliente',
            id: clienteId,
            email: r.cliente_email,
            chave: `${e.tipo}:g${e.garantiaId}`,
            rendered: T.garantiaRespondida({
              titulo: r.titulo,
              clienteId,
              profissionalNome: r.profissional_nome,
              aceite: r.agendado_para !== null,
              agendadoPara: r.agendado_para === null ? null : new Date(r.agendado_para),
              resposta: r.resposta,
            }),
          },
        ];
      }
      const out: Delivery[] = [];
      const fechada = { titulo: r.titulo, resolucao: r.resolucao ?? '', clienteId };
      if (clienteId !== null) {
        out.push({
          tipo: 'cliente',
          id: clienteId,
          email: r.cliente_email,
          chave: `${e.tipo}:g${e.garantiaId}:c${clienteId}`,
          rendered: T.garantiaFechada({ ...fechada, para: 'cliente' }),
        });
      }
      if (r.profissional_id !== null) {
        const pid = Number(r.profissional_id);
        out.push({
          tipo: 'profissional',
          id: pid,
          email: r.profissional_email,
          chave: `${e.tipo}:g${e.garantiaId}:p${pid}`,
          rendered: T.garantiaFechada({ ...fechada, para: 'profissional' }),
        });
      }
      return out;
    }
    case 'confirmar_email': {
      const [r] = await rowsOf<{ nome: string; email: string }>(tx, sql`select nome, email from clientes where id = ${e.clienteId}`);
      if (!r) return [];
      const linkHash = createHash('sha256').update(e.link).digest('hex').slice(0, 16);
      return [
        {
          tipo: 'cliente',
          id: e.clienteId,
          email: r.email,
          chave: `confirmar_email:c${e.clienteId}:${linkHash}`,
          rendered: T.confirmarEmail({ nome: r.nome, link: e.link }),
        },
      ];
    }
  }
}

const LEAD_MOTIVOS: Record<string, string> = {
  CONTACTO_INVALIDO: 'contacto inválido',
  CLIENTE_NAO_RESPONDE: 'cliente não responde',
  DUPLICADO: 'duplicado',
};

/** What the client's "new applicant" message needs (the event's path; applying builds the same data in its own statement). */
export type ApplicationNewsRow = {
  titulo: string;
  cliente_id: number;
  email: string;
  nome: string;
  nota_media: number | string | null;
  total_avaliacoes: number | string;
  verificacao: string | null;
  cidade: string;
  /** The badges (modules/selos) as stored when the application was made. */
  selos?: string[] | null;
};

function novaCandidaturaDelivery(e: { requestId: number; profissionalId: number }, r: ApplicationNewsRow): Delivery {
  return {
    tipo: 'cliente',
    id: Number(r.cliente_id),
    email: r.email,
    chave: `nova_candidatura:r${e.requestId}:p${e.profissionalId}`,
    rendered: T.novaCandidatura({
      titulo: r.titulo,
      clienteId: Number(r.cliente_id),
      profissionalId: e.profissionalId,
      nome: r.nome,
      notaMedia: r.nota_media === null ? null : Number(r.nota_media),
      totalAvaliacoes: Number(r.total_avaliacoes),
      verificado: r.verificacao === 'VERIFICADO',
      cidade: r.cidade,
      selos: r.selos ?? [],
    }),
  };
}

function projetoLotadoDelivery(e: { requestId: number }, r: { titulo: string; cliente_id: number; email: string }): Delivery {
  return {
    tipo: 'cliente',
    id: Number(r.cliente_id),
    email: r.email,
    chave: `projeto_lotado:r${e.requestId}`,
    rendered: T.projetoLotado({ titulo: r.titulo, clienteId: Number(r.cliente_id), maximo: MAX_APPLICANTS }),
  };
}

/** Every admin hears it; the e-mails wait for the admin's hourly digest. */
async function toAdmins(tx: Conn, key: string, rendered: Rendered, now: Date): Promise<Delivery[]> {
  const admins = await rowsOf<{ id: number; email: string }>(tx, sql`select id, email from admins order by id`);
  return adminDeliveries(admins, key, rendered, now);
}

export function adminDeliveries(admins: { id: number; email: string }[], key: string, rendered: Rendered, now: Date): Delivery[] {
  const { at, hour } = nextHourlyDigest(now);
  return admins.map((a) => ({
    tipo: 'admin' as const,
    id: Number(a.id),
    email: a.email,
    rendered,
    chave: `${key}:a${a.id}`,
    resumo: `admin:${a.id}:${hour}`,
    proxima: at,
  }));
}

/**
 * The admins' "projects to approve" news: one line per admin for the hour (key and digest of the
 * hour), whatever the number of projects published in it; the queue lists them. A publication in
 * an hour already announced writes nothing (the unique key's check finds it): five admins' e-mail
 * and bell rows per project were 55 of a publication's 63 WAL records (docs/decisions/0010).
 */
export function projetoPendenteDeliveries(admins: { id: number; email: string }[], now: Date): { kind: NotificationKind; d: Delivery }[] {
  const rendered = T.adminProjetoPendente({ titulo: null, bairro: null, clienteNome: null });
  return adminDeliveries(admins, projetoPendenteKey(now), rendered, now).map((d) => ({ kind: 'admin_projeto_pendente', d }));
}

/** The key of an hour's "projects to approve" news, before the admin's `:a<id>`; the hour is its digest's. */
export const projetoPendenteKey = (now: Date) => `admin_projeto_pendente:h${nextHourlyDigest(now).hour}`;

/** Writes deliveries (one statement for both tables, whatever their number; see notificationWrites). */
export async function writeNotifications(tx: Conn, list: { kind: NotificationKind; d: Delivery }[], now: Date) {
  if (list.length) await executeNamed(tx, sql`with ${notificationCtes(list, now)} select 1`);
}

/** Rendered deliveries as the source of notificationWrites (a VALUES list). */
function notificationCtes(list: { kind: NotificationKind; d: Delivery }[], now: Date): SQL {
  const values = sql.join(
    list.map(
      ({ kind, d }) => sql`(
    ${d.tipo}::user_role, ${d.id}::int, ${d.email}::text, ${kind}::text, ${kind !== 'confirmar_email'}::boolean, ${d.rendered.assunto}::text, ${d.rendered.fragment.text}::text, ${d.rendered.fragment.html}::text,
    ${d.chave}::text, ${d.resumo ?? null}::text, ${iso(d.proxima ?? now)}::timestamptz,
    ${d.rendered.inApp?.titulo ?? null}::text, ${d.rendered.inApp?.corpo ?? null}::text, ${d.rendered.inApp?.link ?? null}::text, null::jsonb)`,
    ),
    sql`, `,
  );
  return notificationWrites(sql`values ${values}`, sql`${iso(now)}::timestamptz`);
}

/**
 * News of a stored kind (templates.ts) to one person, as a row of `notificationWrites`' source built
 * by the caller's statement from its own reads: the template's data as JSON (`storedData`), no text.
 * `to` is (role, id, e-mail) as SQL of the caller's rows; `digest`, the line's digest key and when it
 * is due (admins: their hourly digest), else it is due at `at`.
 */
export function storedNews<K extends StoredKind>(
  kind: K,
  to: { tipo: Role; id: SQL; email: SQL },
  chave: SQL,
  at: SQL,
  dados: SQL,
  digest?: { resumo: SQL; proxima: SQL },
): SQL {
  return sql`select ${sql.raw(`'${to.tipo}'`)}::user_role, ${to.id}, ${to.email}, ${sql.raw(`'${kind}'`)}::text, true,
    null::text, null::text, null::text, ${chave}, ${digest ? sql`${digest.resumo}::text` : sql`null::text`}, ${digest?.proxima ?? at},
    null::text, null::text, null::text, ${dados}`;
}

/** A stored kind's data as a jsonb_build_object of SQL values, one per parameter of its template (checked by the compiler). */
export function storedData<K extends StoredKind>(_kind: K, fields: { [F in keyof Required<StoredData<K>>]: SQL }): SQL {
  const pairs = Object.entries(fields as Record<string, SQL>).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * Writes the deliveries of `nd`, a VALUES list or a SELECT with the columns (dt, did, email, kind,
 * switchable, assunto, texto, html, chave, resumo, proxima, titulo, corpo, link, dados): rendered text,
 * or, for a stored kind, its data (templates.ts, `renderStored`) with the texts null. The person's
 * switches decide the e-mail (confirmar_email cannot be switched off); the bell's row is written
 * unless the same event was already recorded (its e-mail key exists), so a repeated event adds nothing.
 * `gate`, when given, is a condition on the caller's earlier CTEs: nothing is written unless it holds.
 */
export function notificationWrites(nd: SQL, at: SQL, gate?: SQL): SQL {
  return sql`
    nd (dt, did, email, kind, switchable, assunto, texto, html, chave, resumo, proxima, titulo, corpo, link, dados) as (${nd}),
    np as (
      select nd.*, (nd.switchable and coalesce(nd.kind = any(pr.desligados), false)) as off
      from nd left join notification_prefs pr on pr.destinatario_tipo = nd.dt and pr.destinatario_id = nd.did
      ${gate ? sql`where ${gate}` : sql``}
    ),
    no_mail as (
      insert into email_outbox (destinatario_tipo, destinatario_id, email, tipo, assunto, texto, html, dados, chave, resumo, proxima_tentativa, criado_em)
      select dt, did, email, kind, assunto, texto, html, dados, chave, resumo, proxima, ${at} from np where not off and email is not null
      on conflict (chave) do nothing
      returning chave
    ),
    no_bell as (
      insert into notificacoes (destinatario_tipo, destinatario_id, tipo, titulo, corpo, link, dados, criado_em)
      select dt, did, kind, titulo, corpo, link, dados, ${at} from np
      where (titulo is not null or dados is not null) and (
        -- A mail sent for it: new exactly when its insert went in (the unique index decided).
        -- Otherwise, new if no mail of the event was ever recorded. Not one NOT EXISTS for all: kept
        -- prepared, its plan was made while the outbox was nearly empty (a fresh database) and went
        -- on reading the whole table (1.4 of an application's 2.2 ms once it held 2,400 rows).
        np.chave in (select chave from no_mail)
        or ((off or email is null) and not exists (select 1 from email_outbox e where e.chave = np.chave))
      )
    )`;
}

/**
 * The project became visible now: the worker will tell the professionals of its zone (fanOutJobAlerts
 * in outbox-worker.ts, then fanOutNewProject), after this transaction commits. One row, whatever the
 * number of professionals; a repeated event adds nothing.
 */
async function queueJobAlerts(tx: Conn, requestId: number, now: Date) {
  await tx.execute(sql`
    insert into job_alert_queue (request_id, visivel_em) values (${requestId}, ${iso(now)}::timestamptz) on conflict (request_id) do nothing`);
}

/** Professionals told per statement when a project becomes visible (fanOutNewProject). */
export const JOB_ALERT_BATCH = 500;

/**
 * A newly visible project reaches the professionals with its specialty (GIN index on the array) in
 * its district: urgent ones at once, normal ones at once or in the next morning's digest, as each
 * professional chose. Emergencies ("Urgente 24h": PIQUETE, AVARIA) are e-mailed at once only to those
 * who take emergencies and are on call at this hour; the others see them in the bell and in job
 * search, not by e-mail (a digest the next morning is too late for an emergency, and they chose not
 * to take them). One INSERT ... SELECT per table, in one statement, for the `limit` professionals
 * after id `after`: a district's thousands are told a batch at a time, so that no statement grows
 * with the zone (Lisbon has 1,841 professionals of one specialty in the generated data, and such a
 * statement ran for 3 s under the benchmark's approvals, near the statement timeout). Returns the last professional told and how many, or null when the project
 * is no longer news; fewer than `limit` means the zone is done. Run by the worker (fanOutJobAlerts);
 * `now` is when the project became visible, not when the worker runs.
 */
export async function fanOutNewProject(
  tx: Conn,
  requestId: number,
  now: Date,
  after = 0,
  limit = JOB_ALERT_BATCH,
): Promise<{ ultimo: number; n: number } | null> {
  const [r] = await rowsOf<{
    titulo: string;
    bairro: string;
    cidade: string;
    especialidade: string;
    tempo: TimeOption;
    creditos: number | null;
    status: string;
  }>(
    tx,
    sql`
    select titulo, bairro, cidade, especialidade, tempo, creditos, status from requests where id = ${requestId}`,
  );
  // Only a job the professionals can see (approved and priced) is news to them.
  if (!r || r.status !== 'ABERTO' || r.creditos === null) return null;
  // Stored as data (templates.ts): one small row per professional of the zone, not the whole mail.
  const dados: StoredData<'novo_projeto_na_zona'> = {
    requestId,
    titulo: r.titulo,
    bairro: r.bairro,
    cidade: r.cidade,
    especialidade: r.especialidade,
    tempo: r.tempo,
    creditos: Number(r.creditos),
  };
  const emergency = isEmergency(r.tempo);
  const normal = r.tempo === 'NORMAL';
  const hour = lisbonHour(now);
  const digest = nextDailyDigest(now);
  const kind = 'novo_projeto_na_zona';
  const prefix = `${kind}:r${requestId}:p`;
  const [told] = await rowsOf<{ ultimo: number | null; n: number }>(
    tx,
    sql`
    with dest as materialized (
      select p.id, p.email,
        (${normal}::boolean and coalesce(np.novos_projetos, 'INSTANTANEO') = 'DIARIO') as diario,
        (not ${emergency}::boolean or (p.aceita_urgencias and ${onCallAt(hour)})) as mail,
        coalesce(${kind}::text = any(np.desligados), false) as off
      from profissionais p
      left join notification_prefs np on np.destinatario_tipo = 'profissional' and np.destinatario_id = p.id
      where p.especialidades @> array[${r.especialidade}]::text[] and p.bairro = ${r.bairro} and p.id > ${after}::int
      order by p.id
      limit ${limit}::int
    ),
    o as (
      insert into email_outbox (destinatario_tipo, destinatario_id, email, tipo, dados, chave, resumo, proxima_tentativa, criado_em)
      select 'profissional', id, email, ${kind}, ${JSON.stringify(dados)}::jsonb, ${prefix}::text || id,
        case when diario then 'novos_projetos:' || id || ':' || ${digest.day}::text end,
        case when diario then ${iso(digest.at)}::timestamptz else ${iso(now)}::timestamptz end, ${iso(now)}::timestamptz
      from dest where not off and mail
      on conflict (chave) do nothing
    ),
    b as (
      insert into notificacoes (destinatario_tipo, destinatario_id, tipo, dados, criado_em)
      select 'profissional', id, ${kind}, ${JSON.stringify(dados)}::jsonb, ${iso(now)}::timestamptz
      from dest where not exists (select 1 from email_outbox e where e.chave = ${prefix}::text || dest.id)
    )
    select max(id) as ultimo, count(*)::int as n from dest`,
  );
  return { ultimo: Number(told?.ultimo ?? after), n: Number(told?.n ?? 0) };
}

/**
 * Whether the professional row `p` is on call at Lisbon hour `hour`: between urgencias_inicio and
 * urgencias_fim (0–24 is all day; 20–8 wraps past midnight).
 */
export const onCallAt = (hour: number) => sql`(case when p.urgencias_inicio < p.urgencias_fim
  then ${hour}::int >= p.urgencias_inicio and ${hour}::int < p.urgencias_fim
  else ${hour}::int >= p.urgencias_inicio or ${hour}::int < p.urgencias_fim end)`;
