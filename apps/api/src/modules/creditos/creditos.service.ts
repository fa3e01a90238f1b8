import { and, desc, eq, sql } from 'drizzle-orm';
import { M, MAX_APPLICANTS } from '@tc/shared';
import { pageOf, pageWindow } from '../../db/paging';
import type { Db } from '../../db/client';
import { candidaturas, clientes, creditLedger, requests, subscriptions } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';

export async function getSubscription(db: Db, profissionalId: number) {
  const [sub] = await db
    .select({ id: subscriptions.id, creditosRestantes: subscriptions.creditosRestantes, criadoEm: subscriptions.criadoEm })
    .from(subscriptions)
    .where(eq(subscriptions.profissionalId, profissionalId));
  if (!sub) throw notFound(M.profissionalNaoIdentificado);
  return sub;
}

/**
 * Applying to a project, in one transaction (DESIGN §3): the project row is locked first (so its
 * 5 places are counted by one application at a time), then the balance row (so one professional's
 * concurrent applications spend one after the other). Every rule is checked under those locks;
 * any failure rolls back and changes nothing. The price is the project's, never the client's.
 */
export async function applyToRequest(db: Db, profissionalId: number, requestId: number) {
  try {
    return await db.transaction(async (tx) => {
      const locked = await tx.execute<{ id: number; status: string; creditos: number | null; titulo: string }>(
        sql`select id, status, creditos, titulo from requests where id = ${requestId} for update`,
      );
      const req = locked.rows[0];
      if (!req) throw notFound(M.chamadoNaoEncontrado);
      if (req.status !== 'ABERTO' || req.creditos === null) throw conflict('NOT_OPEN', M.projetoIndisponivel);
      const price = Number(req.creditos);

      const already = await tx
        .select({ id: candidaturas.id })
        .from(candidaturas)
        .where(and(eq(candidaturas.requestId, requestId), eq(candidaturas.profissionalId, profissionalId)));
      if (already.length) throw conflict('ALREADY_APPLIED', M.jaCandidatado);

      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(candidaturas).where(eq(candidaturas.requestId, requestId));
      if (Number(n) >= MAX_APPLICANTS) throw conflict('PROJECT_FULL', M.projetoCheio);

      const subs = await tx.execute<{ id: number; creditos_restantes: number }>(
        sql`select id, creditos_restantes from subscriptions where profissional_id = ${profissionalId} for update`,
      );
      const sub = subs.rows[0];
      if (!sub) throw notFound(M.profissionalNaoIdentificado);
      if (Number(sub.creditos_restantes) < price) {
        throw new AppError(402, 'INSUFFICIENT_CREDITS', M.creditosInsuficientes);
      }
      // The CHECK (saldo >= 0) is the last line of defence should any path above be wrong.
      const [after] = await tx
        .update(subscriptions)
        .set({ creditosRestantes: sql`${subscriptions.creditosRestantes} - ${price}` })
        .where(eq(subscriptions.id, sub.id))
        .returning({ saldo: subscriptions.creditosRestantes });
      const [cand] = await tx
        .insert(candidaturas)
        .values({ requestId, profissionalId, subscriptionId: sub.id, creditos: price })
        .returning({ id: candidaturas.id, criadoEm: candidaturas.criadoEm });
      await tx.insert(creditLedger).values({
        subscriptionId: sub.id, profissionalId, tipo: 'CANDIDATURA', delta: -price, saldoApos: after.saldo, requestId, descricao: req.titulo,
      });
      const [contact] = await tx
        .select({ contato: requests.contato, nome: clientes.nome, email: clientes.email })
        .from(requests)
        .innerJoin(clientes, eq(clientes.id, requests.clienteId))
        .where(eq(requests.id, requestId));
      return {
        id: cand.id, requestId, creditosGastos: price, creditosRestantes: after.saldo, criadoEm: cand.criadoEm.toISOString(),
        contato: contact.contato, cliente: { nome: contact.nome, email: contact.email }, message: M.candidaturaOk,
      };
    });
  } catch (e) {
    // Two simultaneous first applications by the same professional: the unique index decides.
    if (isUniqueViolation(e)) throw conflict('ALREADY_APPLIED', M.jaCandidatado);
    throw e;
  }
}

/** The professional's applications, newest first, with the revealed contact, a page at a time. */
export async function listApplications(db: Db, profissionalId: number, page: number, pageSize: number) {
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await db
    .select({
      id: candidaturas.id, criadoEm: candidaturas.criadoEm, creditos: candidaturas.creditos, requestId: requests.id,
      titulo: requests.titulo, descricao: requests.descricao, cidade: requests.cidade, bairro: requests.bairro,
      especialidade: requests.especialidade, status: requests.status, tempo: requests.tempo, contato: requests.contato,
      clienteNome: clientes.nome, clienteEmail: clientes.email,
    })
    .from(candidaturas)
    .innerJoin(requests, eq(requests.id, candidaturas.requestId))
    .leftJoin(clientes, eq(clientes.id, requests.clienteId))
    .where(eq(candidaturas.profissionalId, profissionalId))
    .orderBy(desc(candidaturas.criadoEm), desc(candidaturas.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows.map((r) => ({
    id: r.id, criadoEm: r.criadoEm.toISOString(), creditos: r.creditos,
    request: {
      id: r.requestId, titulo: r.titulo, descricao: r.descricao, cidade: r.cidade, bairro: r.bairro, especialidade: r.especialidade,
      status: r.status, tempo: r.tempo, contato: r.contato,
      cliente: r.clienteNome === null ? null : { nome: r.clienteNome, email: r.clienteEmail },
    },
  })), page, pageSize);
}

/**
 * Adds credits with a ledger line. Used by payment fulfilment and admin adjustments, always inside
 * the caller's transaction so the reason for the credit is committed together with it.
 */
export async function grantCredits(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  profissionalId: number,
  amount: number,
  tipo: 'COMPRA' | 'AJUSTE',
  ref: { paymentId?: number; adminId?: number; descricao: string },
) {
  const [sub] = await tx
    .update(subscriptions)
    .set({ creditosRestantes: sql`${subscriptions.creditosRestantes} + ${amount}` })
    .where(eq(subscriptions.profissionalId, profissionalId))
    .returning({ id: subscriptions.id, saldo: subscriptions.creditosRestantes });
  if (!sub) throw notFound(M.profissionalNaoIdentificado);
  await tx.insert(creditLedger).values({
    subscriptionId: sub.id, profissionalId, tipo, delta: amount, saldoApos: sub.saldo,
    paymentId: ref.paymentId ?? null, adminId: ref.adminId ?? null, descricao: ref.descricao,
  });
  return sub.saldo;
}
