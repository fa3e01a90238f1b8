import { desc, eq } from 'drizzle-orm';
import { pageOf, pageWindow } from '../../db/paging';
import { runList } from '../../db/prepared';
import type { Db } from '../../db/client';
import { creditLedger } from '../../db/schema';
import { iso } from '../../lib/iso';

/** Reads of the append-only credit ledger (purchases, applications, refunds, adjustments). */

/** Every credit movement with the running balance, newest first. */
export async function ledgerHistory(db: Db, profissionalId: number, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const opts = { page, pageSize, filters: { profissionalId } };
  const rows = await runList(db, 'ledger', opts, (v, offset) =>
    db
      .select({
        id: creditLedger.id,
        tipo: creditLedger.tipo,
        delta: creditLedger.delta,
        saldoApos: creditLedger.saldoApos,
        descricao: creditLedger.descricao,
        requestId: creditLedger.requestId,
        paymentId: creditLedger.paymentId,
        criadoEm: creditLedger.criadoEm,
      })
      .from(creditLedger)
      .where(eq(creditLedger.profissionalId, v('profissionalId') as number))
      .orderBy(desc(creditLedger.criadoEm), desc(creditLedger.id))
      .limit(limit)
      .offset(offset as number),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      tipo: r.tipo,
      delta: r.delta,
      saldoApos: r.saldoApos,
      descricao: r.descricao,
      requestId: r.requestId,
      paymentId: r.paymentId,
      criadoEm: iso(r.criadoEm),
    })),
    page,
    pageSize,
  );
}

/** The professional's whole ledger, for the RGPD export (modules/contas). */
export async function ledgerExport(db: Db, profissionalId: number) {
  return db
    .select({
      tipo: creditLedger.tipo,
      delta: creditLedger.delta,
      saldoApos: creditLedger.saldoApos,
      descricao: creditLedger.descricao,
      criadoEm: creditLedger.criadoEm,
    })
    .from(creditLedger)
    .where(eq(creditLedger.profissionalId, profissionalId));
}
