import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const stopLib = fileURLToPath(new URL('./graceful-stop.ts', import.meta.url));
const logLib = fileURLToPath(new URL('./log-redaction.ts', import.meta.url));

/**
 * A process that logs as the app does in production (loggerOptions: buffered standard output), stops
 * on SIGTERM through onStopSignals with `close` as given, and says "pronto" on stderr once set up.
 * `readStdout: false` is a stalled log collector: nobody reads its standard output.
 */
async function stopProcess(opts: { lines: number; close: string; readStdout: boolean }) {
  const script = `
    import Fastify from 'fastify';
    import { loggerOptions } from ${JSON.stringify(logLib)};
    import { onStopSignals } from ${JSON.stringify(stopLib)};
    const log = Fastify({ logger: loggerOptions('info') }).log;
    onStopSignals({ timeoutMs: 300, close: ${opts.close} });
    for (let i = 0; i < ${opts.lines}; i++) log.info({ i, pedido: 'x'.repeat(100) }, 'pedido atendido');
    setTimeout(() => process.stderr.write('pronto\\n'), 1500);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  if (opts.readStdout) child.stdout.on('data', (d: Buffer) => (out += String(d)));
  child.stderr.on('data', (d: Buffer) => (err += String(d)));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const t = setInterval(() => {
      if (err.includes('pronto')) resolve(clearInterval(t));
    }, 50);
    setTimeout(() => reject(new Error(`not ready: ${err}`)), 20_000);
  });
  const t0 = Date.now();
  child.kill('SIGTERM');
  const result = await Promise.race([ended, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 8000))]);
  const ms = Date.now() - t0;
  if (result === 'still running') child.kill('SIGKILL');
  return { result, ms, out, err };
}

describe('stopping on SIGTERM (onStopSignals)', () => {
  it('finishes its work and exits 0, with every log line delivered', async () => {
    const { result, out } = await stopProcess({ lines: 200, close: 'async () => {}', readStdout: true });
    expect(result).toEqual({ code: 0, signal: null });
    expect(
      out
        .trim()
        .split('\n')
        .filter((l) => l.includes('pedido atendido')),
    ).toHaveLength(200);
  }, 30_000);

  it('exits 1 when the work does not end within the time allowed, saying so', async () => {
    const { result, err } = await stopProcess({ lines: 10, close: '() => new Promise(() => {})', readStdout: true });
    expect(result).toEqual({ code: 1, signal: null });
    expect(err).toContain('Paragem forçada: ainda havia trabalho ao fim de 300 ms.');
  }, 30_000);

  it('still ends when nobody reads its log (a stalled collector): killed a second after the time allowed', async () => {
    // 20,000 lines (about 3 MB) fill the pipe; the flush at exit would then wait for a reader forever.
    const { result, ms } = await stopProcess({ lines: 20_000, close: 'async () => {}', readStdout: false });
    expect(result).toEqual({ code: null, signal: 'SIGKILL' });
    expect(ms).toBeLessThan(8000);
  }, 30_000);
});
