import { eq } from 'drizzle-orm';
import type { Role } from '@tc/shared';
import type { Db } from '../../db/client';
import { admins, clientes, profissionais } from '../../db/schema';

/** The three account tables, chosen by role: login and password changes work the same on each. */
export const accountTable = { cliente: clientes, profissional: profissionais, admin: admins } as const;

export async function findCredentials(db: Db, tipo: Role, email: string) {
  const t = accountTable[tipo];
  const [row] = await db.select({ id: t.id, senhaHash: t.senhaHash, v: t.sessaoVersao }).from(t).where(eq(t.email, email)).limit(1);
  return row;
}
