/**
 * Dates reach people only through packages/shared/src/format.ts (pt-PT, Lisbon time, four-digit
 * year): no page or e-mail builds its own date format, which is how "20/11/26" appeared (issue 9).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SHARED_FORMAT = 'packages/shared/src/format.ts';
const OWN_DATE_FORMAT = /\bDateTimeFormat\s*\(|\.toLocaleDateString\s*\(|\.toLocaleTimeString\s*\(|\bdateStyle\b|\btimeStyle\b|year\s*:\s*['"]2-digit['"]/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('date formatting', () => {
  it('only the shared formatter formats dates', () => {
    const offenders = ['apps/web/src', 'apps/api/src', 'packages/shared/src']
      .flatMap(files)
      .filter((f) => f !== SHARED_FORMAT)
      .map((f) => ({ f, text: readFileSync(join(ROOT, f), 'utf8') }))
      // A formatter read only through formatToParts computes (e.g. Lisbon's wall clock), shows nothing.
      .filter(({ text }) => !(/\.formatToParts\(/.test(text) && !/\.format\(/.test(text)))
      .flatMap(({ f, text }) => text.split('\n').map((line, i) => ({ f, i, line })))
      .filter(({ line }) => OWN_DATE_FORMAT.test(line) && !/^\s*(\*|\/\/)/.test(line))
      .map(({ f, i, line }) => `${f}:${i + 1}  ${line.trim()}`);
    expect(offenders, offenders.join('\n')).toEqual([]);
  });
});
