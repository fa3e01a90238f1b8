import '@testing-library/jest-dom/vitest';

// jsdom lacks these browser APIs; the carousel (embla) and layout code need them to exist.
window.scrollTo = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;

// Pages are lazy-loaded chunks: on a busy 2-core machine the first render can take over a second.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });

// A FormData body reaches Node's fetch (and so the MSW server) through Vitest's jsdom adapter,
// which drops the files' names. Node's Request reads jsdom's FormData itself once a jsdom File can
// be streamed, as a browser's can: the files then arrive with their names.
Blob.prototype.stream ??= function (this: Blob) {
  return new ReadableStream<Uint8Array>({
    start: (controller) => {
      if (!this.size) return controller.close();
      const reader = new FileReader();
      reader.onload = () => {
        controller.enqueue(new Uint8Array(reader.result as ArrayBuffer));
        controller.close();
      };
      reader.onerror = () => controller.error(reader.error);
      reader.readAsArrayBuffer(this);
    },
  });
} as Blob['stream'];
const NodeRequest = Object.getPrototypeOf(globalThis.Request) as typeof Request;
globalThis.Request = new Proxy(globalThis.Request, {
  construct: (VitestRequest, args: [RequestInfo | URL, RequestInit | undefined], newTarget) =>
    args[1]?.body instanceof FormData ? new NodeRequest(...args) : Reflect.construct(VitestRequest, args, newTarget),
});

// Every request goes to the shared MSW server (server.ts); one no handler answers fails the test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { noteUnhandled, resetApi, server } from './server';
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      noteUnhandled(request);
      print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  const missed = resetApi();
  if (missed.length) throw new Error(`Requests without a handler (add them with mockApi):\n  ${missed.join('\n  ')}`);
});
afterAll(() => server.close());
