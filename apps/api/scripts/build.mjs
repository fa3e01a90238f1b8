/**
 * `npm run build -w apps/api`: the API as apps/api/dist/main.js (and the chunks it imports on demand), which
 * `npm run serve` runs with plain node (docs/decisions/0001). Packages stay in node_modules; only the
 * project's own TypeScript (the API and @tc/shared) is bundled. The migrations go beside it, where
 * db/client.ts looks for them (./migrations next to the running file).
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// API_BUILD_DIR: another output folder (the build's own test builds into a scratch folder).
const dist = process.env.API_BUILD_DIR ?? `${root}dist`;
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outdir: dist,
  // A module the API imports only when configured (the S3 storage) goes to a chunk of its own: in a
  // single file its packages' imports were hoisted to the top and loaded at every start (the AWS SDK,
  // on instances that store files on disk; docs/decisions/0001).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
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
console.log(`API: ${dist}/main.js`);
