import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The built API (`npm run build -w apps/api`, what `npm run serve` runs) loads at start only what every
// instance uses: packages needed by a configured feature (S3 storage, Stripe) or by an upload (sharp,
// file-type) are imported when first used. A static import anywhere in the bundle is loaded at start,
// so this reads the imports the built files make, from main.js through the chunks it imports.

const ON_DEMAND = ['@aws-sdk/client-s3', 'sharp', 'stripe', 'file-type'];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tc-build-'));
  const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { env: { ...process.env, API_BUILD_DIR: dir }, stdio: 'pipe' });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The specifiers a built file imports statically (`import ... from "x"`, `import "x"`), and those it imports on demand (`import("x")`). */
function importsOf(file: string) {
  const text = readFileSync(file, 'utf8');
  const statics = [...text.matchAll(/^import\s+(?:[^;]*?\sfrom\s*)?"([^"]+)";/gms)].map((m) => m[1]!);
  const dynamic = [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);
  return { statics, dynamic };
}

/** Every package a file loads when it is loaded, following its static imports of other built files. */
function loadedWith(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of importsOf(file).statics) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return packages;
}

describe('the built API', () => {
  it('loads at start the packages every request needs, and none of those only some features use', () => {
    const atStart = loadedWith(join(dir, 'main.js'));
    // The reading works: the server's own packages are found.
    expect(atStart).toContain('fastify');
    expect(atStart).toContain('pg');
    for (const pkg of ON_DEMAND) expect(atStart, pkg).not.toContain(pkg);
  });

  it('still has the S3 storage, in a chunk imported when STORAGE=s3', () => {
    const chunks = readdirSync(join(dir, 'chunks')).filter((f) => f.endsWith('.js'));
    const s3 = chunks.find((f) => loadedWith(join(dir, 'chunks', f)).has('@aws-sdk/client-s3'));
    expect(s3).toBeDefined();
    expect(importsOf(join(dir, 'main.js')).dynamic).toContain(`./chunks/${s3}`);
    // Migrations sit beside main.js, where the database code (in main.js, not in a chunk) looks for them.
    expect(readdirSync(join(dir, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
    expect(readFileSync(join(dir, 'main.js'), 'utf8')).toContain('new URL("./migrations", import.meta.url)');
  });
});
