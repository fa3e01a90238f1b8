/**
 * `npm run build -w apps/api`: the API as one JavaScript file, apps/api/dist/main.js, which
 * `npm run serve` runs with plain node (docs/decisions/0001). Packages stay in node_modules; only the
 * project's own TypeScript (the API and @tc/shared) is bundled. The migrations go beside it, where
 * db/client.ts looks for them (./migrations next to the running file).
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${dist}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(b) {
        // A bare import is a package, loaded from node_modules at run time, except our own workspace
        // package, which is TypeScript.
        b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@tc/') ? undefined : { path: a.path, external: true }));
      },
    },
  ],
});
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
console.log('API: apps/api/dist/main.js');
