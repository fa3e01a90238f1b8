import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

export interface RunningApp {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real app (built web + API, one process, as `npm run serve` does) in demo mode on a free
 * loopback port with a fresh embedded database, so the demo seed exists. Builds the API (apps/api/dist)
 * but not the web app, which must already be in apps/web/dist (or `webDist`).
 */
export async function startApp(opts: { webDist?: string; env?: Record<string, string> } = {}): Promise<RunningApp> {
  const webDist = opts.webDist ?? join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no index.html: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-app-'));
  // The API as `npm run serve` runs it, built from the current sources (about a second).
  execFileSync(process.execPath, [join(root, 'apps/api/scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', '--max-old-space-size=256', 'apps/api/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const r = await fetch(`${baseURL}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, dataDir, stop };
}
