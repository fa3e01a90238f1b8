/**
 * `npm run lighthouse`: Lighthouse (performance, accessibility, best practices, SEO) on the home page,
 * /comofunciona and a professional's profile, with the mobile and the desktop presets. Builds nothing:
 * it starts the built app (apps/web/dist) in demo mode on a fresh embedded database and a free
 * loopback port, runs headless Chromium (CHROME_PATH, default /usr/bin/chromium), prints a table and
 * writes lighthouse/results.json. Exits with 1 when a page misses a target. WEB_DIST=… audits another build.
 * LIGHTHOUSE_RUNS=n runs each page n times and keeps the run with the median performance score;
 * LIGHTHOUSE_ONLY=perfil audits only the pages whose name or path contains that text; LIGHTHOUSE_DUMP=dir
 * writes each whole report there.
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launch } from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, startApp } from './start-app';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** Targets of issue #8: mobile performance ≥ 90, the rest ≥ 95 (desktop performance is held to 90 too). */
const TARGET: Record<Category, number> = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const DEMO_CLIENT = { email: 'ana.sousa@exemplo.pt', senha: 'Demo#2026', tipo: 'cliente' };

interface PageResult {
  page: string;
  url: string;
  preset: 'mobile' | 'desktop';
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  /** The element behind LCP, and the elements that moved (for CLS). */
  lcpElement?: string[];
  layoutShifts?: string[];
  /** Audits that lost points, per category below 100: id and title. */
  failing: Partial<Record<Category, { id: string; title: string; score: number | null; displayValue?: string; items?: string[] }[]>>;
}

interface Session {
  id: number;
  access_token: string;
}

/** The client log-in, as the web app keeps it (apps/web/src/lib/session.ts saveSession). */
function seedSession(origin: string, session: Session, email: string) {
  return `if (location.origin === ${JSON.stringify(origin)}) {
    sessionStorage.setItem('token', ${JSON.stringify(session.access_token)});
    localStorage.setItem('email', ${JSON.stringify(email)});
    localStorage.setItem('id', '${session.id}');
    localStorage.setItem('clienteId', '${session.id}');
    localStorage.setItem('tipo', 'cliente');
  }`;
}

async function audit(browser: Browser, url: string, preset: 'mobile' | 'desktop', initScript?: string) {
  const page = await browser.newPage();
  try {
    if (initScript) await page.evaluateOnNewDocument(initScript);
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await page.close();
  }
}

type Lhr = Awaited<ReturnType<typeof audit>>;

/** What an audit points at (elements, URLs), a few of them, for results.json. */
function itemsOf(details: unknown): string[] | undefined {
  let items = (details as { items?: Record<string, unknown>[] } | undefined)?.items;
  if (!Array.isArray(items) || !items.length) return undefined;
  // Lists of tables (the LCP element audit) hold their rows one level down.
  items = items.flatMap((item) => (item.type === 'table' && Array.isArray(item.items) ? (item.items as Record<string, unknown>[]) : [item]));
  return items.slice(0, 8).map((item) => {
    const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
    if (node?.snippet) return `${node.snippet}${node.nodeLabel ? ` (${node.nodeLabel})` : ''}`;
    return String(item.url ?? item.source ?? item.description ?? JSON.stringify(item).slice(0, 160));
  });
}

function summarise(name: string, url: string, preset: 'mobile' | 'desktop', lhr: Lhr): PageResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
  const failing: PageResult['failing'] = {};
  for (const c of CATEGORIES) {
    if (scores[c] === 100) continue;
    failing[c] = (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue, items: itemsOf(a.details) }));
  }
  if (lhr.runtimeError) throw new Error(`${name} (${preset}): ${lhr.runtimeError.message}`);
  return {
    page: name,
    url,
    preset,
    scores,
    failing,
    lcpElement: itemsOf(lhr.audits['largest-contentful-paint-element']?.details),
    layoutShifts: itemsOf(lhr.audits['layout-shifts']?.details),
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      SI: metric('speed-index'),
    },
  };
}

const app = await startApp({ webDist: process.env.WEB_DIST });
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  logLevel: 'silent',
});
const results: PageResult[] = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  // The profile page is for logged-in clients: log in through the API, then hand the page the session.
  const login = await fetch(`${app.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CLIENT),
  });
  if (!login.ok) throw new Error(`demo client log-in: ${login.status} ${await login.text()}`);
  const session = (await login.json()) as Session;
  const top = (await (await fetch(`${app.baseURL}/api/profissional/top-avaliados`)).json()) as { id: number }[];
  if (!top[0]) throw new Error('the demo seed has no professional to show');
  const pages = [
    { name: 'Início', path: '/' },
    { name: 'Como funciona', path: '/comofunciona' },
    { name: 'Perfil do profissional', path: `/profissionais/${top[0].id}`, init: seedSession(app.baseURL, session, DEMO_CLIENT.email) },
  ];
  const only = process.env.LIGHTHOUSE_ONLY?.toLowerCase();
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const p of pages.filter((x) => !only || x.name.toLowerCase().includes(only) || x.path.includes(only))) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Chromium now and then fails to record the trace (NO_NAVSTART): that run is repeated, twice at most.
        let lhr = await audit(browser, app.baseURL + p.path, preset, p.init);
        for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await audit(browser, app.baseURL + p.path, preset, p.init);
        runs.push(summarise(p.name, p.path, preset, lhr));
        // LIGHTHOUSE_DUMP=dir keeps each whole report (every audit's details: long tasks, script boot-up, LCP phases).
        if (process.env.LIGHTHOUSE_DUMP) {
          mkdirSync(process.env.LIGHTHOUSE_DUMP, { recursive: true });
          writeFileSync(join(process.env.LIGHTHOUSE_DUMP, `${preset}-${p.path.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(lhr));
        }
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const kept = runs[Math.floor((runs.length - 1) / 2)]!;
      results.push(kept);
      console.log(`${preset.padEnd(7)} ${p.name}: ${CATEGORIES.map((c) => `${c} ${kept.scores[c]}`).join(', ')}`);
    }
  }
  await browser.disconnect();
} finally {
  chrome.kill();
  await app.stop();
}

const short: Record<Category, string> = { performance: 'Perf', accessibility: 'A11y', 'best-practices': 'BP', seo: 'SEO' };
const mark = (c: Category, v: number) => `${v}${v < TARGET[c] ? '✗' : ''}`;
const lines = [
  '',
  `| page | preset | ${CATEGORIES.map((c) => short[c]).join(' | ')} | FCP | LCP | TBT | CLS |`,
  `|---|---|${CATEGORIES.map(() => '---:').join('|')}|---:|---:|---:|---:|`,
  ...results.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${CATEGORIES.map((c) => mark(c, r.scores[c])).join(' | ')} | ${r.metrics.FCP} | ${r.metrics.LCP} | ${r.metrics.TBT} | ${r.metrics.CLS} |`,
  ),
  '',
  `Targets: performance ≥ ${TARGET.performance}, accessibility ≥ ${TARGET.accessibility}, best practices ≥ ${TARGET['best-practices']}, SEO ≥ ${TARGET.seo} (✗ = below).`,
];
const missed = results.filter((r) => CATEGORIES.some((c) => r.scores[c] < TARGET[c]));
for (const r of results) {
  for (const [c, audits] of Object.entries(r.failing)) {
    if (!audits?.length) continue;
    lines.push(
      `  ${r.page} (${r.preset}) ${c} ${r.scores[c as Category]}: ${audits.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`).join(', ')}`,
    );
  }
}
console.log(lines.join('\n'));
const outDir = join(root, 'lighthouse');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'results.json'), `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, targets: TARGET, results }, null, 2)}\n`);
console.log(`\nlighthouse/results.json written.${missed.length ? ` ${missed.length} page(s) below target.` : ' Every page meets the targets.'}`);
process.exitCode = missed.length ? 1 : 0;
