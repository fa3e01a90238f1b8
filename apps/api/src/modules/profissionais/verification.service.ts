import { eq } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db } from '../../db/client';
import { profissionais } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit.service';
import { recomputeSelos } from '../selos/selos.service';

/** Verification of a professional's ID card by an admin (the "Verificado" badge, DESIGN §4). */

/** An ID-card image, for admins only; every view is written to the audit log (DESIGN §4). */
export async function readDocument(db: Db, storage: Storage, profissionalId: number, lado: 'frente' | 'verso', adminId: number) {
  const [row] = await db
    .select({ frente: profissionais.ccFrenteKey, verso: profissionais.ccVersoKey })
    .from(profissionais)
    .where(eq(profissionais.id, profissionalId));
  if (!row) throw notFound(M.profissionalNaoIdentificado);
  const key = lado === 'frente' ? row.frente : row.verso;
  const data = key ? await storage.get('private', key) : undefined;
  if (!data) throw notFound(lado === 'frente' ? 'Foto frente não disponível.' : 'Foto verso não disponível.');
  await audit(db, { tipo: 'admin', id: adminId }, 'DOCUMENTO_VISTO', 'profissional', profissionalId, { lado });
  return data;
}

/**
 * Decides the verification; the ID images are then deleted (Lei 7/2007 art. 5): only the decision,
 * who took it and when remain.
 */
export async function decideVerification(db: Db, storage: Storage, profissionalId: number, decisao: 'VERIFICADO' | 'RECUSADO', adminId: number, now: Date) {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ frente: profissionais.ccFrenteKey, verso: profissionais.ccVersoKey })
      .from(profissionais)
      .where(eq(profissionais.id, profissionalId));
    if (!row) throw notFound(M.profissionalNaoIdentificado);
    await tx
      .update(profissionais)
      .set({ verificacao: decisao, verificadoEm: now, verificadoPor: adminId, ccFrenteKey: null, ccVersoKey: null })
      .where(eq(profissionais.id, profissionalId));
    // "Verificado" (and "Domótica Expert", which needs it) follow the decision.
    await recomputeSelos(tx, [profissionalId], now);
    await audit(
      tx,
      { tipo: 'admin', id: adminId },
      decisao === 'VERIFICADO' ? 'PROFISSIONAL_VERIFICADO' : 'PROFISSIONAL_RECUSADO',
      'profissional',
      profissionalId,
      { documentosEliminados: !!(row.frente || row.verso) },
    );
    return row;
  });
  if (keys.frente) await storage.remove('private', keys.frente);
  if (keys.verso) await storage.remove('private', keys.verso);
  return { id: profissionalId, verificacao: decisao, verificadoEm: now.toISOString() };
}
