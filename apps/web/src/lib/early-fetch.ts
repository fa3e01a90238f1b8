/** A GET the page's HTML started before the app's code arrived (earlyProfile), for the app to take over. */
export interface EarlyFetch {
  /** The API path as `api()` names it (without `/api`). */
  path: string;
  /** The session token it was sent with. */
  token: string;
  res: Promise<Response>;
}

declare global {
  interface Window {
    __tcCedo?: EarlyFetch;
  }
}

/**
 * Runs inline in the HTML of `/profissionais/:id` (written in by apps/web/landing-preloads.ts and
 * allowed by its hash in the server's Content-Security-Policy, plugins/web.ts): asks for the profile
 * with the client's session as soon as the page is parsed, and for the photo (the page's largest
 * element) as soon as the profile is in. Otherwise both waited for the app's code to arrive and run,
 * then one after the other: on a phone's connection, three round trips before the photo (Lighthouse
 * mobile 86-92). Sent as its own source text, so it uses nothing outside itself but its argument.
 */
export function earlyProfile(tokenKey: string) {
  try {
    const match = /^\/profissionais\/([1-9]\d{0,9})\/?$/.exec(location.pathname);
    const token = sessionStorage.getItem(tokenKey);
    if (!match || !token) return;
    const path = `/profissional/${match[1]}`;
    const res = fetch(`/api${path}`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    window.__tcCedo = { path, token, res };
    res
      .then((r) => (r.ok ? r.clone().json() : null))
      .then((p: { fotoUrl?: unknown } | null) => {
        if (!p || typeof p.fotoUrl !== 'string') return;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = p.fotoUrl;
        link.fetchPriority = 'high';
        document.head.appendChild(link);
      })
      .catch(() => undefined);
  } catch {
    // The app asks for the profile itself.
  }
}

/**
 * The answer the HTML already asked for, when it is this GET with this token, once; otherwise
 * nothing (the caller fetches). A later token (a new log-in) or another path never gets it.
 */
export function takeEarly(path: string, token: string | null): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__tcCedo;
  if (!early || !token || early.path !== path || early.token !== token) return undefined;
  window.__tcCedo = undefined;
  return early.res;
}
