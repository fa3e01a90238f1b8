import { and, eq, sql, type SQL } from 'drizzle-orm';
import { SELOS, specialtyLabel } from '@tc/shared';
import type { Db } from '../../db/client';
import { profissionais } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/storage';
import { laterPageBlock, pageOf, preparedWindow } from '../../db/paging';
import { prepared } from '../../db/prepared';
import type { TtlCache } from '../../lib/ttl-cache';
import {
  containsFolded,
  planShape,
  searchBySteps,
  searchTerm,
  sortedKey,
  specialtiesMatching,
  textArray,
  textArrayLiteral,
  walkedTable,
  wordsOf,
  type TextPlan,
} from '../../db/search';

const publicCard = {
  id: profissionais.id,
  nome: profissionais.nome,
  especialidades: profissionais.especialidades,
  cidade: profissionais.cidade,
  bairro: profissionais.bairro,
  fotoKey: profissionais.fotoKey,
  notaMedia: profissionais.notaMedia,
  totalAvaliacoes: profissionais.totalAvaliacoes,
  verificacao: profissionais.verificacao,
  selos: profissionais.selos,
};

type Card = {
  id: number;
  nome: string;
  especialidades: string[];
  cidade: string;
  bairro: string;
  fotoKey: string | null;
  notaMedia: number | null;
  totalAvaliacoes: number;
  verificacao: string | null;
  selos: string[];
};
// Field by field, not `{ a, ...rest }`: V8 copies "a row minus some keys" slowly (docs/decisions/0006, row mapping).
const toCard = (r: Card) => ({
  id: r.id,
  nome: r.nome,
  especialidades: r.especialidades,
  cidade: r.cidade,
  bairro: r.bairro,
  notaMedia: r.notaMedia,
  totalAvaliacoes: r.totalAvaliacoes,
  especialidadesLabels: r.especialidades.map(specialtyLabel),
  fotoUrl: publicFileUrl(r.fotoKey),
  verificado: r.verificacao === 'VERIFICADO',
  // Stored by modules/selos; only known badges, in catalogue order.
  selos: SELOS.filter((s) => r.selos.includes(s)),
});

/**
 * Best rated first by the Bayesian average (docs/decisions/0015), then name: the order of
 * profissionais_bayes_idx. Professionals without reviews (null) come last.
 */
const bestRated = [sql`${profissionais.notaBayes} desc nulls last`, profissionais.nome, profissionais.id] as const;

/**
 * A list item adds, to the card, the label of the first specialty and the bio as `descricao` (spec §3);
 * a blank bio is null. The bio is one more column of the rows the list reads anyway (same index, same
 * plan), and no more than 1000 characters.
 */
const listItem = { ...publicCard, bio: profissionais.bio };
type ListRow = Card & { bio: string | null };
const toListItem = (r: ListRow) => {
  // The two list fields set on the card itself (a spread would copy it again).
  const c: ReturnType<typeof toCard> & { especialidade?: string | null; descricao?: string | null } = toCard(r);
  c.especialidade = c.especialidadesLabels[0] ?? null;
  c.descricao = r.bio?.trim() ? r.bio : null;
  return c as ReturnType<typeof toCard> & { especialidade: string | null; descricao: string | null };
};

/** The search's page size (the route's default). */
export const PROS_PAGE_SIZE = 10;

/**
 * Search by name, city or district (the folded, trigram-indexed `busca` column) or by specialty (labels
 * matched in code, then the GIN-indexed array); 10 a page; best rated first.
 */
export async function searchProfissionais(
  db: Db,
  q: string | undefined,
  page: number,
  pageSize: number,
  /** Keeps a text search's later pages' ids by blocks (laterPageBlock), the same for everyone. */
  searches?: TtlCache,
) {
  const term = searchTerm(q);
  const order = (plan: TextPlan) => (plan === 'all' ? [sql`${sortedKey(profissionais.notaBayes, plan)} desc nulls last`, ...bestRated.slice(1)] : bestRated);
  const build = (where: SQL | undefined, limit: unknown, offset: unknown, plan: TextPlan = 'plain') =>
    db
      .select(listItem)
      .from(walkedTable(db, profissionais, plan, undefined, [...bestRated]))
      .where(where)
      .orderBy(...order(plan))
      .limit(limit as number)
      .offset(offset as number);
  const w = preparedWindow(page, pageSize);
  // A later page: its ids from profissionais_bayes_idx alone, which carries the searched text and the
  // specialties, then the rows of those only. The whole directory's page 300 visited the 3,000 rows
  // its OFFSET skips (3.3 ms on the generated data); by a common surname, page 400 visited 27,000
  // (42 ms; migration 0027).
  const idsOf = (where: SQL | undefined, limit: unknown, offset: unknown, plan: TextPlan = 'plain') =>
    db
      .select({ pageId: profissionais.id, pageNota: profissionais.notaBayes, pageNome: profissionais.nome })
      .from(walkedTable(db, profissionais, plan, undefined, [...bestRated]))
      .where(where)
      .orderBy(...order(plan))
      .limit(limit as number)
      .offset(offset as number)
      .as('page');
  const laterPage = (where: SQL | undefined, limit: unknown, offset: unknown, plan: TextPlan = 'plain') => {
    const ids = idsOf(where, limit, offset, plan);
    return db
      .select(listItem)
      .from(ids)
      .innerJoin(profissionais, eq(profissionais.id, ids.pageId))
      .orderBy(sql`${ids.pageNota} desc nulls last`, ids.pageNome, ids.pageId);
  };
  let rows: ListRow[];
  if (term) {
    // Each word ("eletricista porto", "joão silva") found in the name, city or district, or as a
    // specialty, in any order; a single word (or a text with no letter or digit, which finds nothing)
    // as one term, its label matched anywhere. Sent unnamed, so that PostgreSQL plans it for the words
    // typed; built once per shape (how many words, and which of them name a specialty).
    const words = wordsOf(term);
    const specs = words.map((word) => specialtiesMatching(word, { wordStart: words.length > 1 }));
    const base = `pros_w${specs.map((v) => (v.length ? 's' : 't')).join('')}`;
    const shape = `${base}_${w.key}`;
    const where = (t: (i: number) => unknown, esp: (i: number) => unknown) =>
      and(
        ...words.map((_, i) => {
          const byText = containsFolded(profissionais.busca, t(i));
          return specs[i]!.length ? sql`(${byText} or ${profissionais.especialidades} && ${textArray(esp(i))})` : byText;
        }),
      );
    const values = Object.fromEntries(
      words.flatMap((word, i) => [
        [`t${i}`, word],
        [`e${i}`, textArrayLiteral(specs[i]!)],
      ]),
    );
    const filter = () =>
      where(
        (i) => sql.placeholder(`t${i}`),
        (i) => sql.placeholder(`e${i}`),
      );
    const runAs = (plan: TextPlan) =>
      prepared(db, planShape(shape, plan), () =>
        (w.offset === undefined ? build(filter(), w.limit, undefined, plan) : laterPage(filter(), w.limit, w.offset, plan)).prepare(''),
      ).execute({ ...w.values, ...values });
    if (page > 1 && searches) {
      // A later page: the ids of its block of pages (laterPageBlock), found once and kept a few
      // seconds; the page's rows (and the next page's first) read by those ids.
      const block = laterPageBlock(page, pageSize);
      const blockShape = `${base}_${block.window.key}_ids`;
      const blockAs = (plan: TextPlan) =>
        prepared(db, planShape(blockShape, plan), () => {
          const ids = idsOf(filter(), block.window.limit, block.window.offset, plan);
          return db
            .select({ id: ids.pageId })
            .from(ids)
            .orderBy(sql`${ids.pageNota} desc nulls last`, ids.pageNome, ids.pageId)
            .prepare('');
        }).execute({ ...block.window.values, ...values });
      const key = `pros:${JSON.stringify([words, 'bloco', block.first, pageSize])}`;
      const ids = await searches.get(key, async () => (await searchBySteps(words.length > 1, pageSize, blockAs, block.rows)).map((r) => r.id));
      rows = await listItemsByIds(db, ids.slice(block.skip, block.skip + pageSize + 1));
    } else {
      // Several words: the best rated WALK_ROWS first, every match only when the page is not among them (TextPlan).
      rows = await searchBySteps(words.length > 1, pageSize, runAs);
    }
  } else {
    // The unfiltered list (best rated first) is the common case: a prepared statement.
    const shape = `pros_all_${w.key}`;
    rows = await prepared(db, shape, () =>
      (w.offset === undefined ? build(undefined, w.limit, undefined) : laterPage(undefined, w.limit, w.offset)).prepare(shape),
    ).execute(w.values);
  }
  return pageOf(rows.map(toListItem), page, pageSize);
}

/** List items by id, in the order of `ids` (a block's page); an id gone since is left out. */
async function listItemsByIds(db: Db, ids: number[]): Promise<ListRow[]> {
  if (!ids.length) return [];
  const found = await prepared(db, 'pros_by_ids', () =>
    db
      .select(listItem)
      .from(profissionais)
      .where(sql`${profissionais.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('pros_by_ids'),
  ).execute({ ids: `{${ids.join(',')}}` });
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Public profile: never the e-mail nor the ID documents. */
export async function getProfissional(db: Db, id: number) {
  // Built once and kept prepared: the profile is read on every visit to it.
  const [row] = await prepared(db, 'profissional_by_id', () =>
    db
      .select({ ...listItem, telefone: profissionais.telefone })
      .from(profissionais)
      .where(eq(profissionais.id, sql.placeholder('id')))
      .prepare('profissional_by_id'),
  ).execute({ id });
  if (!row) throw notFound('Profissional não encontrado.');
  const { telefone, ...item } = row;
  return { ...toListItem(item), telefone, contato: telefone };
}

/**
 * The home page's list: professionals with approved reviews and a photo, best first by the Bayesian
 * average (walks profissionais_bayes_idx and stops at `limit`). Never one without reviews ("N/A").
 */
export async function topRated(db: Db, limit = 8) {
  const rows = await db
    .select(publicCard)
    .from(profissionais)
    .where(sql`${profissionais.notaBayes} is not null and ${profissionais.totalAvaliacoes} > 0 and ${profissionais.fotoKey} is not null`)
    .orderBy(...bestRated)
    .limit(limit);
  return rows.map(toCard);
}
