import { Worker } from 'node:worker_threads';

/**
 * Stops the process on SIGTERM/SIGINT: `close` (stop accepting, finish what is in flight, close the
 * pool) then exit 0; past `timeoutMs`, exit 1 anyway.
 *
 * The timer that forces the exit runs on the main thread, so it cannot fire while that thread is
 * stuck in something synchronous. One such thing is real: when whoever reads standard output stops
 * reading (a stalled log collector), pino's flush at exit retries the full pipe forever, and the
 * instance never exits (found with a load script that did not read the API's output). So a second
 * watchdog, on its own thread, kills the process a second after the forced exit was due.
 */
export function onStopSignals(opts: { timeoutMs: number; close: () => Promise<void> }) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    watchdog(opts.timeoutMs + 1000);
    console.log(`${signal}: a terminar (pedidos em curso terminam primeiro)...`);
    setTimeout(() => {
      console.error(`Paragem forçada: ainda havia trabalho ao fim de ${opts.timeoutMs} ms.`);
      process.exit(1);
    }, opts.timeoutMs).unref();
    opts.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** A thread that sends SIGKILL to this process after `ms`, whatever its main thread is doing. */
function watchdog(ms: number) {
  // A dynamic import works whether the process runs its code as CommonJS or as a module.
  const worker = new Worker(
    `import('node:worker_threads').then(({ workerData }) => setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms));`,
    { eval: true, workerData: { pid: process.pid, ms } },
  );
  // It must not keep a process that is done alive, nor take the stop down should it fail.
  worker.unref();
  worker.on('error', (e) => console.error(e));
}
