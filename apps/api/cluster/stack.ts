/**
 * A small production-like stack on this machine, for `npm run test:cluster` and the bench's
 * two-instance mode: API processes (production mode, `node apps/api/dist/main.js` as `npm run serve`) and
 * nginx in front of them with `deploy/nginx.conf`, rewritten only for ports and file paths.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface Proc {
  name: string;
  proc: ChildProcess;
  port: number;
  base: string;
  /** The last lines it printed, for a failure's explanation. */
  tail: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Children still running, each with the signal that ends it at once should this process exit first:
 * SIGKILL, or SIGTERM for nginx, whose workers would outlive a killed master and hold its port.
 */
const live = new Map<ChildProcess, NodeJS.Signals>();
export function killAll() {
  for (const [c, signal] of live) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
}
process.on('exit', killAll);

export function startProcess(
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  exitSignal: NodeJS.Signals = 'SIGKILL',
): Proc {
  const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.set(proc, exitSignal);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) tail.push(line.slice(0, 400));
    if (tail.length > 60) tail.splice(0, tail.length - 60);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    proc.once('exit', (code, signal) => {
      live.delete(proc);
      tail.push(`[${name} exited: code ${code}, signal ${signal}]`);
      ok({ code, signal });
    }),
  );
  return { name, proc, port, base: `http://127.0.0.1:${port}`, tail, exited };
}

/** An API instance: the same code and configuration as production, its own port. */
let built = false;

export function startApi(name: string, port: number, env: Record<string, string>): Proc {
  // The API as deployed (npm run serve): built once per run from the current sources, about a second.
  if (!built) execFileSync(process.execPath, [join(ROOT, 'apps/api/scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  built = true;
  // API_NODE_ARGS: node flags for the instances (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, written on a clean exit only).
  const nodeArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startProcess(
    name,
    process.execPath,
    // The same node flags as `npm run serve` (package.json).
    [...nodeArgs, '--enable-source-maps', '--max-old-space-size=256', 'apps/api/dist/main.js'],
    {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
    nodeArgs.length ? 'SIGTERM' : 'SIGKILL',
  );
}

export async function waitFor(p: Proc, path: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.proc.exitCode !== null || p.proc.signalCode !== null) throw new Error(`${p.name} ended before answering:\n${p.tail.join('\n')}`);
    try {
      const r = await fetch(`${p.base}${path}`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${p.name} did not answer ${path} within ${timeoutMs / 1000} s:\n${p.tail.join('\n')}`);
}

export async function stopProcess(p: Proc, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
  if (p.proc.exitCode !== null || p.proc.signalCode !== null) return p.exited;
  p.proc.kill(signal);
  const timer = setTimeout(() => p.proc.kill('SIGKILL'), graceMs);
  const r = await p.exited;
  clearTimeout(timer);
  return r;
}

export const NGINX_BIN = process.env.NGINX_BIN ?? ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((f) => existsSync(f));

/**
 * `deploy/nginx.conf` with this run's ports and a private access log; nothing else changes, so the
 * file the operator deploys is the file the test runs.
 */
export interface NginxOptions {
  listen: number;
  upstreams: number[];
  dir: string;
  /** 1 unless told (the cluster test reads strict alternation from one worker); 'auto' keeps the deployed value. */
  workers?: number | 'auto';
}

export function renderNginxConf(opts: NginxOptions): string {
  let conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const servers = [...conf.matchAll(/^(\s*)server 127\.0\.0\.1:\d+ (.*);$/gm)];
  if (servers.length < 2) throw new Error('deploy/nginx.conf: expected the upstream servers 127.0.0.1:3001 and :3002');
  const [first] = servers;
  const lines = opts.upstreams.map((port) => `${first[1]}server 127.0.0.1:${port} ${first[2]};`).join('\n');
  conf = conf.replace(/^(\s*)server 127\.0\.0\.1:\d+ .*;\n(\s*server 127\.0\.0\.1:\d+ .*;\n)*/m, `${lines}\n`);
  conf = conf.replace(/listen 8080;/, `listen 127.0.0.1:${opts.listen};`);
  conf = conf.replace(/access_log \S+ balanced;/, `access_log ${join(opts.dir, 'access.log')} balanced;`);
  conf = conf.replace(/^worker_processes auto;/m, `worker_processes ${opts.workers ?? 1};`);
  return conf;
}

export async function startNginx(opts: NginxOptions): Promise<Proc & { accessLog: string }> {
  if (!NGINX_BIN) throw new Error('nginx is not installed (Debian: apt-get install nginx); set NGINX_BIN to its path otherwise.');
  mkdirSync(opts.dir, { recursive: true });
  const conf = join(opts.dir, 'nginx.conf');
  writeFileSync(conf, renderNginxConf(opts));
  const globals = `daemon off; master_process on; pid ${join(opts.dir, 'nginx.pid')}; error_log ${join(opts.dir, 'error.log')} warn;`;
  const p = startProcess('nginx', NGINX_BIN, ['-p', opts.dir, '-c', conf, '-g', globals], { PATH: process.env.PATH ?? '' }, opts.listen, 'SIGTERM');
  const until = Date.now() + 10_000;
  for (;;) {
    if (p.proc.exitCode !== null) throw new Error(`nginx did not start:\n${p.tail.join('\n')}\n${safeRead(join(opts.dir, 'error.log'))}`);
    try {
      await fetch(`${p.base}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > until) throw new Error(`nginx did not listen on ${opts.listen}:\n${safeRead(join(opts.dir, 'error.log'))}`);
      await sleep(100);
    }
  }
  return { ...p, accessLog: join(opts.dir, 'access.log') };
}

export const safeRead = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
