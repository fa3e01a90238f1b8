import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS } from '@tc/shared';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/**
 * The action codes and target kinds the API records: its `audit(db, actor, 'ACAO', 'alvo', ...)` calls,
 * and the statements that write the audit line themselves (`insert into audit_log ... select 'admin',
 * ..., 'ACAO', 'alvo', ...`: an approval, a review's moderation).
 */
function auditCalls() {
  const acoes = new Set<string>();
  const alvos = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const calls = [...(text.match(/\baudit\(\s*\w+\s*,[^;]*?\)\s*;/gs) ?? []), ...(text.match(/insert into audit_log\b[\s\S]*?\bfrom\b/gi) ?? [])];
    for (const call of calls) {
      for (const [code] of call.matchAll(/'[A-Z]+_[A-Z_]+'/g)) acoes.add(code.slice(1, -1));
      const alvo = call.match(/'[A-Z_]+'\}?\s*,\s*'([a-z_]+)'/);
      if (alvo) alvos.add(alvo[1]!);
    }
  }
  return { acoes: [...acoes], alvos: [...alvos] };
}

describe('audit log labels (issue 12: the back office never shows a stored code)', () => {
  it('has a shared label for every action and target the API records', () => {
    const { acoes, alvos } = auditCalls();
    expect(acoes.length).toBeGreaterThan(10);
    // Written by statements of their own: found there too.
    expect(acoes).toEqual(expect.arrayContaining(['PROJETO_APROVADO', 'REVIEW_APROVADA', 'REVIEW_REPROVADA', 'REVIEW_ELIMINADA']));
    expect(alvos.length).toBeGreaterThan(3);
    expect(acoes.filter((a) => !AUDIT_ACTION_LABELS[a])).toEqual([]);
    expect(alvos.filter((t) => !AUDIT_TARGET_LABELS[t])).toEqual([]);
  });
});
