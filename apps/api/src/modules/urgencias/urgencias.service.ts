import { and, eq, sql } from 'drizzle-orm';
import { M, type UrgenciasSettings } from '@tc/shared';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profissionais } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { onCallAt } from '../notificacoes/notify';
import { lisbonHour } from '../notificacoes/schedule';

/** The emergency settings screen's one read, kept prepared (parsed and planned once per connection). */
export async function getUrgencias(db: Db, profissionalId: number): Promise<UrgenciasSettings> {
  const [row] = await prepared(db, 'urgencias_of', () =>
    db
      .select({ aceitaUrgencias: profissionais.aceitaUrgencias, inicio: profissionais.urgenciasInicio, fim: profissionais.urgenciasFim })
      .from(profissionais)
      .where(eq(profissionais.id, sql.placeholder('id')))
      .prepare('urgencias_of'),
  ).execute({ id: profissionalId });
  if (!row) throw notFound(M.profissionalNaoIdentificado);
  return row;
}

export async function setUrgencias(db: Db, profissionalId: number, v: UrgenciasSettings): Promise<UrgenciasSettings> {
  const [row] = await db
    .update(profissionais)
    .set({ aceitaUrgencias: v.aceitaUrgencias, urgenciasInicio: v.inicio, urgenciasFim: v.fim })
    .where(eq(profissionais.id, profissionalId))
    .returning({ aceitaUrgencias: profissionais.aceitaUrgencias, inicio: profissionais.urgenciasInicio, fim: profissionais.urgenciasFim });
  if (!row) throw notFound(M.profissionalNaoIdentificado);
  return row;
}

/** Professionals of the district (with the specialty, when given) who take emergencies, and how many are on call now. */
export async function countUrgencias(db: Db, bairro: string, especialidade: string | undefined, now: Date) {
  const p = profissionais;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      agora: sql<number>`(count(*) filter (where ${onCallAt(lisbonHour(now))}))::int`,
    })
    .from(sql`${p} p`)
    .where(and(sql`p.aceita_urgencias`, sql`p.bairro = ${bairro}`, especialidade ? sql`p.especialidades @> array[${especialidade}]::text[]` : undefined));
  return { total: Number(row?.total ?? 0), agora: Number(row?.agora ?? 0) };
}
