import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { admins } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { scratchPostgres, TEST_DB } from '../test/harness';
import { runAdminCreate } from './admin-create';

/** `npm run admin:create` on the same database settings the server reads (PGlite in DATA_DIR, or DATABASE_URL). */
describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-admin-'));
  let source: Record<string, string> = { DATA_DIR: dataDir };
  let drop = async () => {};
  beforeAll(async () => {
    if (TEST_DB === 'postgres') {
      const scratch = await scratchPostgres('tc_admin');
      source = { ...source, DATABASE_URL: scratch.url, JWT_SECRET: 'x'.repeat(40) };
      drop = scratch.drop;
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const adminRow = async (email: string) => {
    const database = await openDatabase(source.DATABASE_URL ? { url: source.DATABASE_URL } : { dataDir: join(dataDir, 'db') });
    try {
      const [row] = await database.db.select().from(admins).where(eq(admins.email, email));
      return row;
    } finally {
      await database.close();
    }
  };

  it('creates the first admin with the given password, and refuses the same e-mail twice', async () => {
    const r = await runAdminCreate(['--email', 'Ana@Empresa.pt', '--nome', 'Ana Silva'], { ...source, ADMIN_PASSWORD: 'Quadro#Forte42' });
    expect(r).toEqual({ code: 0, out: expect.stringContaining('Administrador criado') });
    const row = await adminRow('ana@empresa.pt');
    expect(row?.nome).toBe('Ana Silva');
    expect(await verifyPassword(row!.senhaHash, 'Quadro#Forte42')).toBe(true);
    const again = await runAdminCreate(['--email', 'ana@empresa.pt'], { ...source, ADMIN_PASSWORD: 'Quadro#Forte42' });
    expect(again.code).toBe(1);
    expect(again.out).toBe('Já existe uma conta com este email.');
  });

  it('generates and prints a strong password when none is given', async () => {
    const r = await runAdminCreate(['--email', 'rui@empresa.pt'], source);
    expect(r.code).toBe(0);
    const senha = /Senha gerada[^:]*: (\S+)/.exec(r.out)?.[1];
    expect(senha?.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword((await adminRow('rui@empresa.pt'))!.senhaHash, senha!)).toBe(true);
  });

  it('refuses a bad e-mail or a weak password in Portuguese and creates nothing', async () => {
    const bad = await runAdminCreate(['--email', 'nao-e-email'], source);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/e-mail inválido/i);
    const weak = await runAdminCreate(['--email', 'fraca@empresa.pt'], { ...source, ADMIN_PASSWORD: '12345678' });
    expect(weak.code).not.toBe(0);
    expect(await adminRow('fraca@empresa.pt')).toBeUndefined();
    expect((await runAdminCreate(['--mail', 'x'], source)).out).toMatch(/Utilização/);
  });
});
