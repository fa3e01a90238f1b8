import '@testing-library/jest-dom/vitest';

// jsdom lacks these browser APIs; the carousel (embla) and layout code need them to exist.
window.scrollTo = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;

// Pages are lazy-loaded chunks: on a busy 2-core machine the first render can take over a second.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });
