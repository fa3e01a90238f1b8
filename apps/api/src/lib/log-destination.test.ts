import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const lib = fileURLToPath(new URL('./log-redaction.ts', import.meta.url));

/**
 * A process logging through Fastify's logger as the app sets it up in production (loggerOptions
 * without a stream): its standard
 * output as read by whoever collects it.
 */
function run(script: string): Promise<{ chunks: string[]; code: number | null }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `import Fastify from 'fastify'; import { loggerOptions } from ${JSON.stringify(lib)};\n${script}`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const chunks: string[] = [];
  child.stdout.on('data', (d: Buffer) => chunks.push(String(d)));
  return new Promise((resolve) => child.on('close', (code) => resolve({ chunks, code })));
}

describe('the production log (buffered standard output)', () => {
  it('writes a short line within LOG_FLUSH_MS while the process keeps running, not only at exit', async () => {
    // Logs one line, then stays up 4 s more and writes a marker straight to stdout: the line must come before the marker.
    const { chunks, code } = await run(`
      const log = Fastify({ logger: loggerOptions('info') }).log;
      log.info({ n: 1 }, 'pedido atendido');
      setTimeout(() => { process.stdout.write('MARCA\\n'); }, 4000);`);
    expect(code).toBe(0);
    const all = chunks.join('');
    expect(all).toMatch(/"msg":"pedido atendido"/);
    expect(all.indexOf('pedido atendido')).toBeLessThan(all.indexOf('MARCA'));
  });

  it('loses nothing when the process exits with lines still in the buffer', async () => {
    const { chunks, code } = await run(`
      const log = Fastify({ logger: loggerOptions('info') }).log;
      for (let i = 0; i < 50; i++) log.info({ i }, 'linha');
      process.exit(3);`);
    expect(code).toBe(3);
    const lines = chunks.join('').trim().split('\n');
    expect(lines).toHaveLength(50);
    expect(JSON.parse(lines[49])).toMatchObject({ i: 49, msg: 'linha' });
  });
});

describe('the production log while nobody reads it (a stalled log collector)', () => {
  it('keeps at most LOG_BUFFER_MAX waiting: the memory does not grow with what is logged', async () => {
    // 200,000 lines of about 500 bytes (100 MB) into a pipe nobody reads; the process reports how much
    // its memory grew, on stderr.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import Fastify from 'fastify'; import { loggerOptions } from ${JSON.stringify(lib)};
         const log = Fastify({ logger: loggerOptions('info') }).log;
         const before = process.memoryUsage().rss;
         for (let i = 0; i < 200000; i++) log.info({ i, pedido: 'x'.repeat(400) }, 'pedido atendido');
         process.stderr.write(JSON.stringify({ grewMB: (process.memoryUsage().rss - before) / 1048576 }) + '\\n');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += String(d)));
    const report = await new Promise<{ grewMB: number }>((resolve, reject) => {
      const t = setInterval(() => {
        const line = err.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
        if (line) clearInterval(t);
      }, 50);
      setTimeout(() => reject(new Error(`no report: ${err}`)), 60_000);
    });
    child.kill('SIGKILL');
    // Without the cap the 100 MB of lines stay in the buffer (130 MB more, measured; with it, 45).
    expect(report.grewMB).toBeLessThan(85);
  }, 90_000);
});
