import { M, type ClienteRegisterBody, type ProfissionalRegisterBody, type Role } from '@tc/shared';
import type { Db } from '../../db/client';
import { admins, clientes, profissionais, subscriptions } from '../../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { burnVerify, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { findCredentials } from './accounts';
import { audit } from '../audit/audit.service';
import { queueConfirmation, type ConfirmationLinks } from '../clientes/email-confirmation.service';
import { recordAcceptance } from '../termos/termos.service';

/** The terms version accepted with the sign-up checkbox, and when (recorded with the account). */
export interface TermsAccepted {
  versao: string;
  em: Date;
}

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

/**
 * The confirmation e-mail is queued in the same transaction as the account (its first project waits
 * for it), and so is the acceptance of the terms (the schema refuses a body without it).
 */
export async function registerCliente(db: Db, body: ClienteRegisterBody, links: ConfirmationLinks, termos: TermsAccepted) {
  assertStrongPassword(body.senha);
  const senhaHash = await hashPassword(body.senha);
  return insertOnce(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(clientes).values({ nome: body.nome, email: body.email, senhaHash }).returning({ id: clientes.id, email: clientes.email });
      await queueConfirmation(tx, links, row.id, row.email);
      await recordAcceptance(tx, 'cliente', row.id, termos.versao, termos.em);
      return { id: row.id };
    }),
  );
}

/** A professional starts with an empty credit balance and the accepted terms, created in the same transaction. */
export async function registerProfissional(db: Db, body: ProfissionalRegisterBody, termos: TermsAccepted) {
  assertStrongPassword(body.senha);
  const senhaHash = await hashPassword(body.senha);
  return insertOnce(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(profissionais)
        .values({ nome: body.nome, email: body.email, senhaHash, cidade: body.cidade, bairro: body.bairro })
        .returning({ id: profissionais.id });
      await tx.insert(subscriptions).values({ profissionalId: row.id });
      await recordAcceptance(tx, 'profissional', row.id, termos.versao, termos.em);
      return row;
    }),
  );
}

/**
 * Only an admin adds another admin; the first one is made on the server with `npm run admin:create`
 * (a fresh production instance must not hand its back office to whoever finds it first).
 */
export async function registerAdmin(db: Db, body: { nome: string; email: string; senha: string }, caller: { id: number; tipo: Role } | undefined) {
  if (caller?.tipo !== 'admin') throw forbidden(M.adminSignupClosed);
  return createAdmin(db, body, caller.id);
}

/** Creates an admin (by another admin, or by the operator's command when `criadoPor` is null). */
export async function createAdmin(db: Db, body: { nome: string; email: string; senha: string }, criadoPor: number | null) {
  assertStrongPassword(body.senha);
  const senhaHash = await hashPassword(body.senha);
  return insertOnce(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(admins).values({ nome: body.nome, email: body.email, senhaHash, criadoPor }).returning({ id: admins.id });
      await audit(tx, { tipo: 'admin', id: criadoPor ?? row.id }, 'ADMIN_CRIADO', 'admin', row.id, { email: body.email, porComando: criadoPor === null });
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
