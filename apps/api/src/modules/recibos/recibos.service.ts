import { and, eq, sql } from 'drizzle-orm';
import { findPlan, ivaIncluido, receiptNumber, SELLER, type Receipt } from '@tc/shared';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { payments, profissionais } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';

export const RECIBO_NAO_ENCONTRADO = 'Recibo não encontrado.';
export const RECIBO_POR_PAGAR = 'O recibo fica disponível quando o pagamento for confirmado.';

/**
 * The receipt of one paid purchase, for its professional or an admin. Anyone else gets the same 404
 * as for a payment that does not exist (no hint that it does); an unpaid purchase has no receipt.
 */
export async function getReceipt(db: Db, id: number, user: { tipo: string; id: number }): Promise<Receipt> {
  // Kept prepared, one statement for an admin and one for the purchase's owner.
  const admin = user.tipo === 'admin';
  const shape = admin ? 'receipt_admin' : 'receipt_owner';
  const [pay] = await prepared(db, shape, () =>
    db
      .select({
        id: payments.id,
        plano: payments.plano,
        valorCentimos: payments.valorCentimos,
        creditos: payments.creditos,
        metodo: payments.metodo,
        provider: payments.provider,
        providerSessionId: payments.providerSessionId,
        estado: payments.estado,
        pagoEm: payments.pagoEm,
        nif: payments.nif,
        faturacaoNome: payments.faturacaoNome,
        faturacaoMorada: payments.faturacaoMorada,
        nome: profissionais.nome,
        email: profissionais.email,
      })
      .from(payments)
      .leftJoin(profissionais, eq(profissionais.id, payments.profissionalId))
      .where(and(eq(payments.id, sql.placeholder('id')), admin ? undefined : eq(payments.profissionalId, sql.placeholder('owner'))))
      .prepare(shape),
  ).execute({ id, owner: user.id });
  if (!pay) throw notFound(RECIBO_NAO_ENCONTRADO);
  if (pay.estado !== 'PAGO' || !pay.pagoEm) throw new AppError(404, 'RECEIPT_UNAVAILABLE', RECIBO_POR_PAGAR);
  const { baseCentimos, ivaCentimos, taxa } = ivaIncluido(pay.valorCentimos);
  return {
    numero: receiptNumber(pay.id, pay.pagoEm),
    pagamentoId: pay.id,
    pagoEm: pay.pagoEm.toISOString(),
    plano: pay.plano,
    planoNome: findPlan(pay.plano)?.nome ?? pay.plano,
    creditos: pay.creditos,
    totalCentimos: pay.valorCentimos,
    baseCentimos,
    ivaCentimos,
    taxaIva: taxa,
    metodo: pay.metodo,
    provider: pay.provider,
    referencia: pay.providerSessionId,
    nif: pay.nif,
    faturacaoNome: pay.faturacaoNome,
    faturacaoMorada: pay.faturacaoMorada,
    cliente: { nome: pay.nome, email: pay.email },
    vendedor: SELLER,
  };
}
