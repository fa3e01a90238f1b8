import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router';
import { MAX_PAGE } from '@tc/shared/catalogue/paging';

/**
 * The page a URL's `page` names: 1 for anything that is not a whole number above 0, and at most
 * MAX_PAGE, the last page the API serves (a link or a typed ?page=501 showed only an error).
 */
export function pageParam(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PAGE) : 1;
}

/** A list's search text and page as its address gives them (useListParams, and the router's prefetch). */
export function listParamsOf(params: URLSearchParams) {
  return { q: (params.get('q') ?? '').trim(), page: pageParam(params.get('page')) };
}

/** A client's searched list's API address: `path?page=&pageSize=` and the text, when there is one. */
export function searchedPage(path: string, q: string, page: number, pageSize: number) {
  const qs = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q) qs.set('q', q);
  return `${path}?${qs}`;
}

/**
 * Whether a navigation to another page has started and not been drawn yet (e.g. a click on a result
 * whose screen is still loading): the history already points elsewhere while this page is still on
 * screen. A late write of a search term must then not pull the user back. The router's history
 * object (the navigator) is updated at once; the drawn location follows in a transition.
 */
export function useLeaving(): () => boolean {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const drawn = useRef(pathname);
  drawn.current = pathname;
  return useCallback(() => {
    const target = (navigator as { location?: { pathname: string } }).location?.pathname;
    return target !== undefined && target !== drawn.current;
  }, [navigator]);
}

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search text, filters and page kept in the URL (so Back and reload keep them). Typing is
 * debounced before it reaches the URL (and so the server); any new term or filter starts at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { q, page } = listParamsOf(params);
  const [text, setText] = useState(q);
  const written = useRef(q);
  // While the user is already leaving (e.g. clicked a result), a late search write would pull them back.
  const leaving = useLeaving();

  useEffect(() => {
    const settled = text.trim();
    if (settled === written.current) return;
    const t = setTimeout(() => {
      if (leaving()) return;
      written.current = settled;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (settled) next.set('q', settled);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, setParams, leaving]);

  // Back/Forward changed the term: show it in the box.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);

  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  const set = useCallback(
    (key: string, value: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  /** Several filters at once (each setParams call would otherwise start from the same old URL). */
  const setMany = useCallback(
    (values: Record<string, string>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(values)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback(
    (n: number) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (n > 1) next.set('page', String(n));
        else next.delete('page');
        return next;
      });
      window.scrollTo(0, 0);
    },
    [setParams],
  );
  return { text, setText, q, page, setPage, get, set, setMany };
}
