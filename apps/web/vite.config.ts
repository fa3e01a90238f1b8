import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { landingPreloads } from './landing-preloads.ts';
import { earlyProfile } from './src/lib/early-fetch.ts';
import { TOKEN_KEY } from './src/lib/session.ts';

/**
 * Preloads Inter's Latin subset, the only one Portuguese text needs (the other subsets load only for
 * characters outside it): the browser fetches it with the page instead of after the stylesheet has
 * been applied, so the text swaps to it sooner.
 */
const preloadLatinFont = (): Plugin => ({
  name: 'tc:preload-latin-font',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const font = Object.keys(ctx.bundle ?? {}).find((f) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(f));
      if (!font) throw new Error('preload-latin-font: the Inter Latin font is not in the bundle');
      return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
    },
  },
});

/** The header's bell: lazy in both frames, always there for someone signed in. */
const BELL = 'src/features/notificacoes/bell.tsx';

export default defineConfig({
  plugins: [
    react(),
    preloadLatinFont(),
    landingPreloads(
      {
        '/': [],
        '/comofunciona': [],
        // Only logged-in clients see these, and their header always has the bell.
        '/profissionais': [BELL],
        '/profissionais/:id': [BELL],
        // Signed-in screens people arrive on from an e-mail's link (the API's notificacoes/templates.ts
        // LINKS), a bookmark or a reload; their data is asked for as the route is drawn (app/router.tsx).
        '/areadoprofissional/detalhes-chamado/:id': [BELL],
        '/areadoprofissional/buscar-trabalhos': [BELL],
        '/areadoprofissional/menu': [BELL],
        '/areadoprofissional/chamados-agendados': [BELL],
        '/areadoprofissional/minhas-avaliacoes': [BELL],
        '/areadocliente/menu': [BELL],
        '/projetos/:id': [BELL],
        '/dashboard': [BELL],
        '/listagem-projetos': [BELL],
        '/listagem-reviews': [BELL],
        '/listagem-profissionais': [BELL],
        '/leads-reportados': [BELL],
        '/listagem-garantias': [BELL],
      },
      {
        // The profile and its photo asked for while the app's code is on its way (src/lib/early-fetch.ts).
        '/profissionais/:id': `(${earlyProfile.toString()})(${JSON.stringify(TOKEN_KEY.cliente)});`,
      },
    ),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // SVGs stay files: inlined, they went into the scripts (the six service pictures were half of
    // the home page's own chunk) and could not be lazy-loaded or cached on their own.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    // Every browser we support preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router in one chunk that every page needs and that changes only when they
          // are upgraded, so it stays cached across our deploys.
          groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          // Shared modules under 8 KB (icons, small UI pieces, hooks) are copied into the chunks that use
          // them instead of becoming files of their own: a professional's profile loaded ~30 chunks of
          // 1-2 KB, and on a phone's connection those queued behind each other (Lighthouse mobile 72-83,
          // 85-92 with this). Rolldown's runtime keeps one instance of each copied module. Chunks with
          // styles stay files (Vite's CSS plugin would emit their CSS once per copy). Decision 0007.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
        },
      },
    },
  },
});
