import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * For the pages people arrive on from outside (a search engine, a shared link), writes a copy of
 * index.html that also names the page's own code and styles (`landing/pages.json` says which copy
 * serves which path; the server picks it, plugins/web.ts). Without it the browser learns of the
 * page's chunk only once the app's code has run and the route is drawn, a round trip later, and
 * Vite's loader then adds its links in the middle of React's first render (a profile on a phone:
 * total blocking time ~350 → ~250 ms in Lighthouse). The loader finds the links already there and
 * adds nothing. Which module a path loads is read from app/router.tsx, so the route table stays
 * the one place that says it; a landing path missing from it fails the build. Each path may name
 * more modules the frame always loads lazily on that page (relative to apps/web), e.g. the header's
 * bell on pages only logged-in people see. `early` gives a page a script to run inline as its HTML is
 * parsed (the server allows each such script by its hash: apps/api/src/plugins/web.ts).
 */
export function landingPreloads(pages: Record<string, string[]>, early: Record<string, string> = {}): Plugin {
  let root = '';
  return {
    name: 'tc:landing-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('landing-preloads: index.html is not in the bundle');
        const html = String(index.source);
        const router = readFileSync(resolve(root, 'src/app/router.tsx'), 'utf8');
        const list: { path: string; file: string }[] = [];
        const chunkOf = (id: string, what: string) => {
          const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.facadeModuleId === id);
          if (!chunk) throw new Error(`landing-preloads: no chunk for ${what}`);
          return chunk;
        };
        for (const [path, also] of Object.entries(pages)) {
          const module = moduleOf(router, path);
          const { js, css } = staticClosure(bundle, [
            chunkOf(resolve(root, 'src/app', `${module}.tsx`), `${path} (${module})`),
            ...also.map((m) => chunkOf(resolve(root, m), m)),
          ]);
          // What index.html already names is not named twice.
          const links = [
            ...js.filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
            ...css.filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          ];
          const file = `landing/${path === '/' ? 'index' : path.slice(1).replace(/[^a-z0-9]+/gi, '-')}.html`;
          this.emitFile({
            type: 'asset',
            fileName: file,
            source: withEarly(html.replace(/\n?\s*<\/head>/, `\n${links.map((l) => `    ${l}\n`).join('')}  </head>`), early[path]),
          });
          list.push({ path, file });
        }
        const unknown = Object.keys(early).filter((path) => !(path in pages));
        if (unknown.length) throw new Error(`landing-preloads: an early script for a path that is not a landing page: ${unknown.join(', ')}`);
        this.emitFile({ type: 'asset', fileName: 'landing/pages.json', source: JSON.stringify(list, null, 2) });
      },
    },
  };
}

/** The module a path's `page(...)` loads in the route table, relative to src/app (`../features/home/home-page`). */
function moduleOf(router: string, path: string): string {
  const quoted = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`page\\(\\s*'${quoted}',\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`).exec(router);
  if (!match) throw new Error(`landing-preloads: app/router.tsx has no page('${path}', () => import(...))`);
  return match[1]!;
}

/** Some chunks, the chunks they import statically (all of them, transitively) and the styles they bring, each once. */
function staticClosure(bundle: OutputBundle, entries: OutputChunk[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const f of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) css.add(f);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  entries.forEach(visit);
  return { js: [...js], css: [...css] };
}

/**
 * The page's early script, right after the title: before every stylesheet, which a script placed after
 * it would wait for (the browser runs no inline script while a stylesheet above it is loading).
 */
function withEarly(html: string, script: string | undefined): string {
  if (!script) return html;
  if (!html.includes('</title>')) throw new Error('landing-preloads: index.html has no <title>');
  return html.replace('</title>', `</title>\n    <script>${script}</script>`);
}
