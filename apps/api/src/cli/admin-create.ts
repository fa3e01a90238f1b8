/**
 * Creates an admin from the server's shell: the only way to make the first one (the web sign-up is
 * closed to anyone who is not already an admin).
 *
 *   npm run admin:create -- --email ana@empresa.pt --nome "Ana Silva"
 *
 * The password comes from ADMIN_PASSWORD, or a strong one is generated and printed once.
 * Uses the same DATABASE_URL / DATA_DIR as the server (and migrates the database first).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { adminRegisterBody } from '@tc/shared';
import { ConfigError, loadEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { AppError } from '../lib/app-error';
import { createAdmin } from '../modules/auth/auth.service';

export async function runAdminCreate(argv: string[], source: Record<string, string | undefined>): Promise<{ code: number; out: string }> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { email: { type: 'string' }, nome: { type: 'string' } }, strict: true }).values;
  } catch {
    return { code: 2, out: 'Utilização: npm run admin:create -- --email <e-mail> [--nome "Nome"]  (senha em ADMIN_PASSWORD, ou gerada)' };
  }
  const generated = !source.ADMIN_PASSWORD;
  const senha = source.ADMIN_PASSWORD || `${randomBytes(12).toString('base64url')}#9a`;
  const body = adminRegisterBody.safeParse({ nome: args.nome ?? 'Administrador', email: args.email ?? '', senha });
  if (!body.success) return { code: 2, out: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n') };
  let env;
  try {
    env = loadEnv(source);
  } catch (e) {
    if (e instanceof ConfigError) return { code: 1, out: e.message };
    throw e;
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR, 'db') });
  try {
    const { id } = await createAdmin(database.db, body.data, null);
    const lines = [`Administrador criado (id ${id}): ${body.data.email}`];
    if (generated) lines.push(`Senha gerada (mostrada só agora; altere-a depois de entrar): ${senha}`);
    return { code: 0, out: lines.join('\n') };
  } catch (e) {
    if (e instanceof AppError) return { code: 1, out: e.message };
    throw e;
  } finally {
    await database.close();
  }
}

// Run only as a command, not when imported by the test.
if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  runAdminCreate(process.argv.slice(2), process.env).then(
    ({ code, out }) => {
      (code ? console.error : console.log)(out);
      process.exit(code);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
