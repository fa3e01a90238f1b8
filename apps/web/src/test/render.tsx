import { act, cleanup, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type Location, type NavigationType, type NavigateFunction } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/router';

interface Probe {
  location?: Location;
  historyAction?: NavigationType;
  navigate?: NavigateFunction;
}

/** Reports what the router has drawn, for the tests to read. */
function RouterProbe({ probe }: { probe: Probe }) {
  probe.location = useLocation();
  probe.historyAction = useNavigationType();
  probe.navigate = useNavigate();
  return null;
}

/** Renders the real route table at `path`, as the browser would after navigation. */
export function renderAt(path: string) {
  const probe: Probe = {};
  const utils = render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe probe={probe} />
      </MemoryRouter>
    </Providers>,
  );
  const router = {
    get state() {
      return { location: probe.location!, historyAction: probe.historyAction! };
    },
    navigate: (to: string) =>
      act(async () => {
        await probe.navigate!(to);
      }),
  };
  return { router, ...utils };
}

/**
 * Every test of the calling file starts signed in as a client, as the log-in screen leaves the
 * storage (plus `extra` keys of localStorage), and ends with the page and the storage cleared.
 */
export function signedInAsClient(extra: Record<string, string> = {}) {
  beforeEach(() => {
    sessionStorage.setItem('token', fakeToken());
    localStorage.setItem('tipo', 'cliente');
    for (const [key, value] of Object.entries(extra)) localStorage.setItem(key, value);
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
  });
}

/** A syntactically valid JWT that expires in an hour (the client only reads `exp`). */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600) {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', tipo: 'cliente', exp: expSeconds })}.sig`;
}

/**
 * An open dialog, once it takes clicks: Radix turns pointer events off on the page and back on for
 * the dialog a render later, and a busy machine can reach a click in between.
 */
export async function dialogReady(dialog: HTMLElement) {
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }));
  return within(dialog);
}

/** A button of an open dialog, once it can be clicked (see dialogReady). */
export async function dialogButton(dialog: HTMLElement, name: string | RegExp) {
  return (await dialogReady(dialog)).getByRole('button', { name });
}
