import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 300;

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * A search box and a page number kept in the URL (`?q=&page=`), so Back and reload keep them.
 * Typing is debounced before it reaches the URL (and so the server); a new term starts at page 1.
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;

  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text).trim();
  // The term this hook last put in the URL, to tell our own writes from Back/Forward.
  const written = useRef(q);

  // Typed text → URL (replacing history: each keystroke is not a step back).
  useEffect(() => {
    if (settled === q) return;
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
    // Only a new settled value should write; q changing alone is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  // URL → box, when history (Back/Forward) changes the term.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);

  const setPage = useCallback(
    (n: number) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (n > 1) next.set('page', String(n));
        else next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  return { text, setText, q, page, setPage, pending: settled !== text.trim() };
}
