import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * The toast area, mounted only once a screen that can show toasts has loaded (see ./toast): sonner
 * stays out of the first load of pages that never toast, like the home page. A toast raised
 * before the Toaster subscribes is still shown (sonner replays the active ones to a new Toaster).
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Toaster() {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
