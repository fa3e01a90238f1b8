import { sql } from 'drizzle-orm';
import { SPECIALTIES } from '@tc/shared';
import type { Db } from './client';
import { especialidades } from './schema';

/** Keeps the specialty reference table equal to the shared catalogue (labels may be reworded). */
export async function syncCatalogue(db: Db) {
  await db
    .insert(especialidades)
    .values(SPECIALTIES.map((s) => ({ value: s.value, label: s.label, grupo: s.group })))
    .onConflictDoUpdate({ target: especialidades.value, set: { label: sql`excluded.label`, grupo: sql`excluded.grupo` } });
}
