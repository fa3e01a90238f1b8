import { and, eq, sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { candidaturas, clientes, payments, profissionais, requests, reviews } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { assertSelf } from '../../lib/ownership';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { publicFileUrl, type Storage } from '../../lib/storage';
import type { SessionUser } from '../../plugins/auth';
import { processImage, type ImageInput } from '../uploads/images';
import { deleteRequestsWithRefunds } from '../requests/requests.service';
import { applicantsOfClient } from '../creditos/applicants';
import { ledgerExport } from '../creditos/ledger';
import { recomputeRatings } from '../reviews/reviews.service';
import { recomputeSelos } from '../selos/selos.service';
import { notify } from '../notificacoes/notify';
import { forgetRecipient, notificationDataOf } from '../notificacoes/notificacoes.service';
import { forgetClientGuarantees, guaranteeDataOf } from '../garantias/garantias.service';
import { queueConfirmation, type ConfirmationLinks } from '../clientes/email-confirmation.service';
import { acceptancesOf, forgetAcceptances } from '../termos/termos.service';

export type AccountRole = 'cliente' | 'profissional';
const table = (tipo: AccountRole) => (tipo === 'cliente' ? clientes : profissionais);

export async function getAccountByEmail(db: Db, tipo: AccountRole, email: string, user: SessionUser) {
  const t = table(tipo);
  const [row] = await db
    .select({
      id: t.id,
      nome: t.nome,
      email: t.email,
      telefone: t.telefone,
      fotoKey: t.fotoKey,
      ...(tipo === 'profissional' ? { bio: profissionais.bio } : { emailConfirmadoEm: clientes.emailConfirmadoEm }),
    })
    .from(t)
    .where(eq(t.email, email.trim().toLowerCase()))
    .limit(1);
  // A stranger's e-mail and a missing one answer alike (same status, same words): nothing to learn by probing.
  if (!row) {
    if (user.tipo === 'admin') throw notFound();
    throw forbidden();
  }
  assertSelf(user, tipo, row.id, { admin: true });
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    fotoUrl: publicFileUrl(row.fotoKey),
    bio: (row as { bio?: string | null }).bio ?? null,
    ...(tipo === 'cliente' ? { emailConfirmado: !!(row as { emailConfirmadoEm?: Date | null }).emailConfirmadoEm } : {}),
  };
}

/**
 * Stores the new public photo (if any), runs the write that points the account at it, and only then
 * removes the old one: a write that fails (an e-mail taken, a password changed meanwhile) leaves the
 * account with the photo it shows, and the new file goes instead. It used to remove the old photo
 * first, so a refused edit left the account pointing at a file that no longer existed.
 */
async function withPublicPhoto<T>(storage: Storage, oldKey: string | null, img: ImageInput | undefined, write: (fotoKey: string | null) => Promise<T>) {
  if (!img) return write(oldKey);
  const key = await storage.put('public', await processImage(img, 640), 'webp');
  let written: T;
  try {
    written = await write(key);
  } catch (e) {
    // The write's own error is the one to answer; a file left behind is only unused space.
    await storage.remove('public', key).catch(() => undefined);
    throw e;
  }
  if (oldKey) await storage.remove('public', oldKey);
  return written;
}

export async function completeClienteProfile(db: Db, storage: Storage, id: number, telefone: string, foto?: ImageInput) {
  const [cur] = await db.select({ fotoKey: clientes.fotoKey }).from(clientes).where(eq(clientes.id, id));
  if (!cur) throw notFound();
  const fotoKey = await withPublicPhoto(storage, cur.fotoKey, foto, async (fotoKey) => {
    await db.update(clientes).set({ telefone, fotoKey }).where(eq(clientes.id, id));
    return fotoKey;
  });
  return { id, telefone, fotoUrl: publicFileUrl(fotoKey) };
}

export async function completeProfissionalProfile(
  db: Db,
  storage: Storage,
  id: number,
  data: { telefone: string; bio: string; especialidades: string[] },
  files: { fotoPerfil?: ImageInput; ccFrente?: ImageInput; ccVerso?: ImageInput },
  now: Date,
) {
  const missing: Record<string, string> = {};
  for (const f of ['fotoPerfil', 'ccFrente', 'ccVerso'] as const) if (!files[f]) missing[f] = M.campoObrigatorio;
  if (Object.keys(missing).length) throw badRequest('VALIDATION', M.campoObrigatorio, missing);
  const [cur] = await db
    .select({ fotoKey: profissionais.fotoKey, ccFrenteKey: profissionais.ccFrenteKey, ccVersoKey: profissionais.ccVersoKey })
    .from(profissionais)
    .where(eq(profissionais.id, id));
  if (!cur) throw notFound();
  // Process all three before storing any, so a bad image leaves nothing half-saved.
  const [foto, frente, verso] = await Promise.all([
    processImage(files.fotoPerfil!, 640),
    processImage(files.ccFrente!, 1600),
    processImage(files.ccVerso!, 1600),
  ]);
  const fotoKey = await storage.put('public', foto, 'webp');
  const ccFrenteKey = await storage.put('private', frente, 'webp');
  const ccVersoKey = await storage.put('private', verso, 'webp');
  await db.transaction(async (tx) => {
    await tx
      .update(profissionais)
      .set({
        telefone: data.telefone,
        bio: data.bio || null,
        especialidades: data.especialidades,
        fotoKey,
        ccFrenteKey,
        ccVersoKey,
        consentimentoEm: now,
        verificacao: 'PENDENTE',
        verificadoEm: null,
        verificadoPor: null,
      })
      .where(eq(profissionais.id, id));
    // The documents wait for an admin: the admins' next digest lists them.
    await notify(tx, { tipo: 'admin_documentos_pendentes', profissionalId: id }, now);
    // Back to PENDENTE (no "Verificado" until decided) and maybe new Domótica specialties.
    await recomputeSelos(tx, [id], now);
  });
  if (cur.fotoKey) await storage.remove('public', cur.fotoKey);
  if (cur.ccFrenteKey) await storage.remove('private', cur.ccFrenteKey);
  if (cur.ccVersoKey) await storage.remove('private', cur.ccVersoKey);
  return { id, fotoUrl: publicFileUrl(fotoKey), especialidades: data.especialidades, verificacao: 'PENDENTE' as const };
}

export async function editProfile(
  db: Db,
  storage: Storage,
  tipo: AccountRole,
  id: number,
  data: { nome: string; email: string; telefone?: string; bio?: string; senhaAtual?: string },
  foto?: ImageInput,
  /** Clients: a new e-mail must be confirmed again; the link goes to the new address. */
  links?: ConfirmationLinks,
) {
  const t = table(tipo);
  const [cur] = await db.select({ fotoKey: t.fotoKey, email: t.email, senhaHash: t.senhaHash }).from(t).where(eq(t.id, id));
  if (!cur) throw notFound();
  // A stolen session must not be able to move the account to another e-mail (and then reset the password).
  if (data.email !== cur.email && !(data.senhaAtual && (await verifyPassword(cur.senhaHash, data.senhaAtual)))) {
    const msg = data.senhaAtual ? M.senhaAtualErrada : M.senhaParaEmail;
    throw badRequest('PASSWORD_REQUIRED', msg, { senhaAtual: msg });
  }
  const emailMoves = data.email !== cur.email;
  const set: Record<string, unknown> = { nome: data.nome, email: data.email, telefone: data.telefone || null };
  if (tipo === 'profissional' && data.bio !== undefined) set.bio = data.bio || null;
  const emailChanged = tipo === 'cliente' && emailMoves;
  if (emailChanged) set.emailConfirmadoEm = null;
  await withPublicPhoto(storage, cur.fotoKey, foto, async (fotoKey) => {
    try {
      await db.transaction(async (tx) => {
        // A new e-mail only while the password checked above is still the account's (changePassword).
        const done = await tx
          .update(t)
          .set({ ...set, fotoKey })
          .where(emailMoves ? and(eq(t.id, id), eq(t.senhaHash, cur.senhaHash)) : eq(t.id, id))
          .returning({ id: t.id });
        if (!done.length) await passwordChangedMeanwhile(tx, t, id);
        if (emailChanged && links) await queueConfirmation(tx, links, id, data.email);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('EMAIL_TAKEN', M.emailTaken);
      throw e;
    }
  });
  return getAccountByEmail(db, tipo, data.email, { id, tipo });
}

export async function changePassword(db: Db, tipo: AccountRole, id: number, senhaAtual: string, novaSenha: string) {
  const t = table(tipo);
  const [row] = await db.select({ senhaHash: t.senhaHash }).from(t).where(eq(t.id, id));
  if (!row) throw notFound();
  if (!(await verifyPassword(row.senhaHash, senhaAtual))) {
    throw badRequest('WRONG_PASSWORD', M.senhaAtualErrada, { senhaAtual: M.senhaAtualErrada });
  }
  if (isCommonPassword(novaSenha)) throw badRequest('WEAK_PASSWORD', M.passwordTooCommon, { novaSenha: M.passwordTooCommon });
  // Ends every other session; the caller gets a fresh token for this one. Only while the password
  // checked is still the account's: of two changes made at once with the same current password (two
  // tabs, or someone else who knows it) the second waits for the first's row and then finds the
  // password changed, instead of both answering "Senha alterada" with only the last one true.
  const [after] = await db
    .update(t)
    .set({ senhaHash: await hashPassword(novaSenha), sessaoVersao: sql`${t.sessaoVersao} + 1` })
    .where(and(eq(t.id, id), eq(t.senhaHash, row.senhaHash)))
    .returning({ v: t.sessaoVersao });
  if (!after) await passwordChangedMeanwhile(db, t, id);
  return after!.v;
}

/**
 * A write allowed by the password typed found the account's password changed since it was checked
 * (or the account gone): refused as a wrong password, which it now is. Always throws.
 */
async function passwordChangedMeanwhile(db: Db | Tx, t: ReturnType<typeof table>, id: number): Promise<never> {
  const [still] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (!still) throw notFound();
  throw badRequest('WRONG_PASSWORD', M.senhaAtualErrada, { senhaAtual: M.senhaAtualErrada });
}

/** RGPD art. 15/20: everything we hold about the user, as JSON. ID images are referenced, not inlined. */
export async function exportData(db: Db, tipo: AccountRole, id: number) {
  if (tipo === 'cliente') {
    const [conta] = await db
      .select({ id: clientes.id, nome: clientes.nome, email: clientes.email, telefone: clientes.telefone, criadoEm: clientes.criadoEm })
      .from(clientes)
      .where(eq(clientes.id, id));
    const projetos = await db.select().from(requests).where(eq(requests.clienteId, id));
    const avaliacoes = await db
      .select({
        id: reviews.id,
        profissionalId: reviews.profissionalId,
        requestId: reviews.requestId,
        nota: reviews.nota,
        comentario: reviews.comentario,
        status: reviews.status,
        criadoEm: reviews.criadoEm,
      })
      .from(reviews)
      .where(eq(reviews.clienteId, id));
    return {
      tipo,
      exportadoEm: new Date().toISOString(),
      conta,
      projetos,
      avaliacoes,
      garantias: await guaranteeDataOf(db, id),
      termosAceites: await acceptancesOf(db, tipo, id),
      ...(await notificationDataOf(db, tipo, id)),
    };
  }
  const [conta] = await db
    .select({
      id: profissionais.id,
      nome: profissionais.nome,
      email: profissionais.email,
      telefone: profissionais.telefone,
      cidade: profissionais.cidade,
      distrito: profissionais.bairro,
      bio: profissionais.bio,
      especialidades: profissionais.especialidades,
      verificacao: profissionais.verificacao,
      consentimentoDocumentosEm: profissionais.consentimentoEm,
      criadoEm: profissionais.criadoEm,
      temDocumentosGuardados: sql<boolean>`${profissionais.ccFrenteKey} is not null`,
    })
    .from(profissionais)
    .where(eq(profissionais.id, id));
  const candidaturasFeitas = await db
    .select({ requestId: candidaturas.requestId, creditos: candidaturas.creditos, criadoEm: candidaturas.criadoEm })
    .from(candidaturas)
    .where(eq(candidaturas.profissionalId, id));
  const movimentosCreditos = await ledgerExport(db, id);
  const pagamentos = await db
    .select({
      plano: payments.plano,
      valorCentimos: payments.valorCentimos,
      creditos: payments.creditos,
      metodo: payments.metodo,
      estado: payments.estado,
      criadoEm: payments.criadoEm,
    })
    .from(payments)
    .where(eq(payments.profissionalId, id));
  const avaliacoesRecebidas = await db
    .select({ nota: reviews.nota, comentario: reviews.comentario, status: reviews.status, criadoEm: reviews.criadoEm })
    .from(reviews)
    .where(eq(reviews.profissionalId, id));
  return {
    tipo,
    exportadoEm: new Date().toISOString(),
    conta,
    candidaturas: candidaturasFeitas,
    movimentosCreditos,
    pagamentos,
    avaliacoesRecebidas,
    termosAceites: await acceptancesOf(db, tipo, id),
    ...(await notificationDataOf(db, tipo, id)),
  };
}

/**
 * What deleting a professional's row reaches through its foreign keys (SET NULL or CASCADE), locked
 * first in the order every other path takes them (decision 0003): the projects he applied to or was
 * chosen for, his reviews, his payments, his balance, his applications; his own row last (the
 * DELETE). The foreign keys alone locked his row first and his balance last: a project's deletion
 * refunding him (project, balance, then application), a Stripe payment (payment, then balance), an
 * approval of his review (review, then his row), a claim or a completion naming him (project, then
 * his row) each met it in the opposite order.
 */
async function lockProfessionalRows(tx: Tx, id: number) {
  await tx.execute(sql`
    select 1 from requests where id in (select request_id from candidaturas where profissional_id = ${id} union select id from requests where escolhido_id = ${id})
    order by id for no key update`);
  await tx.execute(sql`select 1 from reviews where profissional_id = ${id} order by id for update`);
  await tx.execute(sql`select 1 from payments where profissional_id = ${id} order by id for update`);
  await tx.execute(sql`select 1 from subscriptions where profissional_id = ${id} order by id for update`);
  await tx.execute(sql`select 1 from candidaturas where profissional_id = ${id} order by id for update`);
}

/**
 * The account's row deleted only while its password is still the one checked (changePassword): one
 * changed meanwhile undoes the whole deletion. Already deleted (a second click) is what was asked.
 * Checked here, at the row's own delete, so that the deletion's lock order stays as it is.
 */
async function deleteIfPasswordStill(tx: Tx, t: ReturnType<typeof table>, id: number, senhaHash: string) {
  const gone = await tx
    .delete(t)
    .where(and(eq(t.id, id), eq(t.senhaHash, senhaHash)))
    .returning({ id: t.id });
  if (gone.length) return;
  const [still] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (still) throw badRequest('WRONG_PASSWORD', M.senhaAtualErrada, { senha: M.senhaAtualErrada });
}

/**
 * Deletes the account and its personal data after checking the password. A client's open projects
 * are deleted with refunds to the professionals who paid for them; uploaded images are removed.
 */
export async function deleteAccount(db: Db, storage: Storage, tipo: AccountRole, id: number, senha: string, now: Date = new Date()) {
  const t = table(tipo);
  const [row] = await db.select({ senhaHash: t.senhaHash, fotoKey: t.fotoKey }).from(t).where(eq(t.id, id));
  if (!row) throw notFound();
  if (!(await verifyPassword(row.senhaHash, senha))) throw badRequest('WRONG_PASSWORD', M.senhaAtualErrada, { senha: M.senhaAtualErrada });
  const keys: { area: 'public' | 'private'; key: string | null }[] = [{ area: 'public', key: row.fotoKey }];
  await db.transaction(async (tx) => {
    if (tipo === 'cliente') {
      // Every project of the client (all go with the account), in id order, before any balance: an
      // admin refunding a lead on one of them locks the project before the balance too, so one waits
      // for the other. Only the open ones were locked (to refund them); a completed one was reached
      // by the account's cascade after a balance, and deadlocked with such a refund (decision 0003).
      await tx.execute(sql`select 1 from requests where cliente_id = ${id} order by id for update`);
      // Then its reviews, before any balance: an admin approving one locks the review, then its
      // professional, whose row the refunds below reach (their ledger lines point at it).
      await tx.execute(sql`select 1 from reviews where cliente_id = ${id} order by id for update`);
      const open = await tx
        .select({ id: requests.id })
        .from(requests)
        .where(and(eq(requests.clienteId, id), eq(requests.status, 'ABERTO')));
      // Whoever applied to the client's projects (open ones included, deleted just below): their badges
      // are recomputed once at the end, not once per project (hundreds for a busy client).
      const applied = await applicantsOfClient(tx, id);
      await deleteRequestsWithRefunds(
        tx,
        open.map((r) => r.id),
        { tipo: 'cliente', id },
        'Conta do cliente eliminada',
        now,
        { selos: false },
      );
      // The client's reviews go with the account: the averages they counted in must be recomputed.
      const reviewed = await tx.selectDistinct({ p: reviews.profissionalId }).from(reviews).where(eq(reviews.clienteId, id));
      // Guarantee claims stay (the professional's figures), without the client's text and photos.
      for (const key of await forgetClientGuarantees(tx, id)) keys.push({ area: 'private', key });
      await deleteIfPasswordStill(tx, clientes, id, row.senhaHash);
      await recomputeRatings(
        tx,
        reviewed.map((r) => r.p),
      );
      await recomputeSelos(tx, [...reviewed.map((r) => r.p), ...applied], now);
    } else {
      await lockProfessionalRows(tx, id);
      const [docs] = await tx.select({ a: profissionais.ccFrenteKey, b: profissionais.ccVersoKey }).from(profissionais).where(eq(profissionais.id, id));
      keys.push({ area: 'private', key: docs?.a ?? null }, { area: 'private', key: docs?.b ?? null });
      await deleteIfPasswordStill(tx, profissionais, id, row.senhaHash);
    }
    // Notifications, e-mail preferences and e-mails (waiting or sent) of the person go too, and the terms acceptances.
    await forgetRecipient(tx, tipo, id);
    await forgetAcceptances(tx, tipo, id);
  });
  for (const k of keys) if (k.key) await storage.remove(k.area, k.key);
}
