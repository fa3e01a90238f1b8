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

/*
 * Toasts never cover the header (issue 12): on a phone (sonner's own breakpoint, 600 px) they rise from
 * the bottom, where the thumb is; on wider screens they sit at the top, just below the 64 px header.
 */
const PHONE = '(max-width: 600px)';
const subscribePhone = (l: () => void) => {
  const mq = window.matchMedia(PHONE);
  mq.addEventListener?.('change', l);
  return () => mq.removeEventListener?.('change', l);
};
const isPhone = () => window.matchMedia(PHONE).matches;

export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position={phone ? 'bottom-center' : 'top-center'} offset={{ top: 80 }} richColors closeButton />
    </Suspense>
  );
}
