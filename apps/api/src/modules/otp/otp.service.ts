import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { M, OTP_LENGTH, PRODUCT_NAME, type Role } from '@tc/shared';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { accountTable, findCredentials } from '../auth/accounts';

const CODE_TTL_MS = 10 * 60 * 1000;
const RESET_TTL_MS = 15 * 60 * 1000;
const MAX_TRIES = 5;
/**
 * Failed tries per account and day, across codes and addresses: beyond this, recovery waits until
 * tomorrow. A ceiling against guessing spread over many addresses (at most 60 in 10^6 a day); one
 * address is stopped far earlier (attempt-limits.ts), so a stranger alone cannot spend it.
 */
export const MAX_DAILY_FAILURES = 60;

/** Keyed hash: a leaked table does not let anyone try the 10^6 codes offline without the server key. */
const digest = (key: string, value: string) => createHmac('sha256', key).update(value).digest();
const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

const invalid = () => new AppError(400, 'OTP_INVALID', M.otpInvalid);

async function dailyFailures(db: Db, email: string, tipo: Role, now: Date) {
  const since = new Date(now.getTime() - 24 * 3600 * 1000);
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(case when ${otpCodes.resetTokenHash} is null then ${otpCodes.attempts} else ${otpCodes.attempts} - 1 end), 0)::int` })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.tipo, tipo), gt(otpCodes.criadoEm, since)));
  return Number(r?.n ?? 0);
}

/**
 * Sends a 6-digit code if the account exists. The caller always gets the same answer, so the form
 * cannot be used to learn which e-mails have accounts.
 */
export async function sendOtp(db: Db, mailer: Mailer, key: string, email: string, tipo: Role, now: Date, onMailError?: (e: unknown) => void) {
  const account = await findCredentials(db, tipo, email);
  if (!account || (await dailyFailures(db, email, tipo, now)) >= MAX_DAILY_FAILURES) return;
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await db.transaction(async (tx) => {
    // A new code replaces any earlier unused one.
    await tx
      .update(otpCodes)
      .set({ usedAt: now })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.tipo, tipo), isNull(otpCodes.usedAt)));
    await tx
      .insert(otpCodes)
      .values({ email, tipo, codeHash: digest(key, code).toString('hex'), expiresAt: new Date(now.getTime() + CODE_TTL_MS), criadoEm: now });
  });
  // Sent in the background: waiting for the mail server only when the account exists would tell
  // a stranger, by the response time, which e-mails have accounts.
  void mailer
    .send({
      to: email,
      subject: `${PRODUCT_NAME}: código para recuperar a senha`,
      text: `O seu código é ${code}. É válido durante 10 minutos e só pode ser usado uma vez.\n\nSe não pediu para recuperar a senha, ignore este e-mail: a sua senha não foi alterada.\n\n${PRODUCT_NAME}`,
      html: `<p>O seu código é:</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>É válido durante 10 minutos e só pode ser usado uma vez.</p><p>Se não pediu para recuperar a senha, ignore este e-mail: a sua senha não foi alterada.</p><p>${PRODUCT_NAME}</p>`,
    })
    .catch((e) => onMailError?.(e));
}

/** Checks the code (5 tries, 10 minutes, single use) and issues a short-lived reset token. */
export async function validateOtp(db: Db, key: string, email: string, tipo: Role, code: string, now: Date) {
  if ((await dailyFailures(db, email, tipo, now)) >= MAX_DAILY_FAILURES) throw invalid();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.tipo, tipo), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, now)))
      .orderBy(desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.attempts >= MAX_TRIES) throw invalid();
    const ok = same(digest(key, code), Buffer.from(row.codeHash, 'hex'));
    if (!ok) {
      await tx
        .update(otpCodes)
        .set({ attempts: row.attempts + 1, usedAt: row.attempts + 1 >= MAX_TRIES ? now : null })
        .where(eq(otpCodes.id, row.id));
      return null;
    }
    const resetToken = randomBytes(32).toString('base64url');
    await tx
      .update(otpCodes)
      .set({
        attempts: row.attempts + 1,
        usedAt: now,
        resetTokenHash: digest(key, resetToken).toString('hex'),
        resetExpiresAt: new Date(now.getTime() + RESET_TTL_MS),
      })
      .where(eq(otpCodes.id, row.id));
    return resetToken;
  });
}

/** The new password is set only with a live reset token for this e-mail; the token is then spent. */
export async function recoverPassword(db: Db, key: string, tipo: Role, email: string, resetToken: string, novaSenha: string, now: Date) {
  if (isCommonPassword(novaSenha)) throw badRequest('WEAK_PASSWORD', M.passwordTooCommon, { novaSenha: M.passwordTooCommon });
  const senhaHash = await hashPassword(novaSenha);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(otpCodes)
      .set({ resetTokenHash: null })
      .where(
        and(
          eq(otpCodes.email, email),
          eq(otpCodes.tipo, tipo),
          eq(otpCodes.resetTokenHash, digest(key, resetToken).toString('hex')),
          gt(otpCodes.resetExpiresAt, now),
        ),
      )
      .returning({ id: otpCodes.id });
    if (!spent) throw invalid();
    const t = accountTable[tipo];
    // A reset ends every existing session (someone else may hold one).
    await tx
      .update(t)
      .set({ senhaHash, sessaoVersao: sql`${t.sessaoVersao} + 1` })
      .where(eq(t.email, email));
  });
}
