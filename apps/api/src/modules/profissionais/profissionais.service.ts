import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { specialtyLabel } from '@tc/shared';
import type { Db } from '../../db/client';
import { profissionais } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/storage';

/** Accent- and case-insensitive "contains", done by PostgreSQL (trigram-indexed columns). */
export const likeFolded = (column: SQL | unknown, q: string) =>
  sql`lower(f_unaccent(${column})) like '%' || lower(f_unaccent(${q})) || '%'`;

export const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

const publicCard = {
  id: profissionais.id,
  nome: profissionais.nome,
  especialidades: profissionais.especialidades,
  cidade: profissionais.cidade,
  bairro: profissionais.bairro,
  fotoKey: profissionais.fotoKey,
  notaMedia: profissionais.notaMedia,
  verificacao: profissionais.verificacao,
};

type Card = { id: number; nome: string; especialidades: string[]; cidade: string; bairro: string; fotoKey: string | null; notaMedia: number | null; verificacao: string | null };
const toCard = ({ fotoKey, verificacao, ...r }: Card) => ({
  ...r,
  especialidadesLabels: r.especialidades.map(specialtyLabel),
  fotoUrl: publicFileUrl(fotoKey),
  verificado: verificacao === 'VERIFICADO',
});

/** Search by name, specialty (its label) or city/district; 10 a page; best rated first. */
export async function searchProfissionais(db: Db, q: string | undefined, page: number, pageSize: number) {
  const term = q?.trim() ? escapeLike(q.trim()) : undefined;
  const where = term
    ? sql`(${likeFolded(profissionais.nome, term)} or ${likeFolded(profissionais.cidade, term)} or ${likeFolded(profissionais.bairro, term)}
        or exists (select 1 from especialidades e where e.value = any(${profissionais.especialidades}) and ${likeFolded(sql`e.label`, term)}))`
    : undefined;
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(profissionais).where(where);
  const rows = await db
    .select(publicCard)
    .from(profissionais)
    .where(where)
    .orderBy(sql`${profissionais.notaMedia} desc nulls last`, profissionais.nome, profissionais.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(toCard), total, page, pageSize, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Public profile: never the e-mail nor the ID documents. */
export async function getProfissional(db: Db, id: number) {
  const [row] = await db
    .select({ ...publicCard, telefone: profissionais.telefone, bio: profissionais.bio })
    .from(profissionais)
    .where(eq(profissionais.id, id));
  if (!row) throw notFound('Profissional não encontrado.');
  const { telefone, bio, ...card } = row;
  const c = toCard(card);
  return { ...c, telefone, descricao: bio, contato: telefone, especialidade: c.especialidadesLabels[0] ?? null };
}

export async function topRated(db: Db, limit = 8) {
  const rows = await db
    .select(publicCard)
    .from(profissionais)
    .where(and(sql`${profissionais.fotoKey} is not null`))
    .orderBy(sql`${profissionais.notaMedia} desc nulls last`, desc(profissionais.criadoEm))
    .limit(limit);
  return rows.map(toCard);
}

