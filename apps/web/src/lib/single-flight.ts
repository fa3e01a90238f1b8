import { useCallback, useRef, useState } from 'react';

/**
 * Wraps an async handler so that calls made while one is running are ignored, and reports
 * `busy` for the button. Form validation is async, so disabling on the mutation alone leaves a gap
 * in which a double click would send twice.
 */
export function useSingleFlight<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        await fn(...args);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [fn],
  );
  return [run, busy] as const;
}
