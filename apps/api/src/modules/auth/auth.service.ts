import { sql } from 'drizzle-orm';
import { M, type ClienteRegisterBody, type ProfissionalRegisterBody, type Role } from '@tc/shared';
import type { Db } from '../../db/client';
import { admins, clientes, profissionais, subscriptions } from '../../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { burnVerify, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { findCredentials } from './accounts';
import { audit } from '../audit/audit.service';

function assertStrongPassword(senha: string) {
  if (isCommonPassword(senha)) throw badRequest('WEAK_PASSWORD', M.passwordTooCommon, { senha: M.passwordTooCommon });
}

async function insertOnce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('EMAIL_TAKEN', M.emailTaken);
    throw e;
  }
}

export async function registerCliente(db: Db, body: ClienteRegisterBody) {
  assertStrongPassword(body.senha);
  const senhaHash = await hashPassword(body.senha);
  return insertOnce(async () => {
    const [row] = await db.insert(clientes).values({ nome: body.nome, email: body.email, senhaHash }).returning({ id: clientes.id });
    return row;
  });
}

/** A professional starts with an empty credit balance, created in the same transaction. */
export async function registerProfissional(db: Db, body: ProfissionalRegisterBody) {
  assertStrongPassword(body.senha);
  const senhaHash = await hashPassword(body.senha);
  return insertOnce(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(profissionais)
        .values({ nome: body.nome, email: body.email, senhaHash, cidade: body.cidade, bairro: body.bairro })
        .returning({ id: profissionais.id });
      await tx.insert(subscriptions).values({ profissionalId: row.id });
      return row;
    }),
  );
}

/** Is admin sign-up still open to anyone (no admin exists yet)? */
export async function adminSignupOpen(db: Db) {
  const rows = await db.select({ id: admins.id }).from(admins).limit(1);
  return rows.length === 0;
}

/**
 * Open only while no admin exists; afterwards only an admin may add one. The advisory lock makes two
 * simultaneous first-run sign-ups create one admin, not two.
 */
export async function registerAdmin(
  db: Db,
  body: { nome: string; email: string; senha: string },
  caller: { id: number; tipo: Role } | undefined,
) {
  assertStrongPassword(body.senha);
  const senhaHash = await hashPassword(body.senha);
  return insertOnce(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
      const existing = await tx.select({ id: admins.id }).from(admins).limit(1);
      const isAdmin = caller?.tipo === 'admin';
      if (existing.length > 0 && !isAdmin) throw forbidden(M.adminSignupClosed);
      const [row] = await tx
        .insert(admins)
        .values({ nome: body.nome, email: body.email, senhaHash, criadoPor: isAdmin ? caller!.id : null })
        .returning({ id: admins.id });
      await audit(tx, { tipo: 'admin', id: isAdmin ? caller!.id : row.id }, 'ADMIN_CRIADO', 'admin', row.id, {
        email: body.email,
        primeiro: existing.length === 0,
      });
      return row;
    }),
  );
}

/** Same answer and similar timing whether the e-mail exists or the password is wrong. */
export async function login(db: Db, email: string, senha: string, tipo: Role) {
  const account = await findCredentials(db, tipo, email);
  if (!account) {
    await burnVerify(senha);
    throw unauthorized(M.loginError);
  }
  if (!(await verifyPassword(account.senhaHash, senha))) throw unauthorized(M.loginError);
  return { id: account.id, v: account.v };
}
