import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusHeading } from '../lib/focus';

/** How long a page may take to draw its heading (its data arriving) before we give up. */
const WAIT_FOR_HEADING_MS = 5000;
/** Set once the tab's first page is on screen: a frame mounted later (public → back office) came by navigation. */
let started = false;

/**
 * After each navigation (not the first load), scrolls to the top and moves focus to the new page's
 * <h1>, so a screen reader announces where the user now is instead of staying on a link that is gone.
 * Left alone: a link to an anchor (#auditoria: that page brings its section into view) and a page
 * that put the cursor in a field itself.
 */
export function useRouteFocus(mainId = 'conteudo') {
  const { pathname, hash, key } = useLocation();
  // The page already shown: on the first load ('default' is a router's first entry) there is nothing to announce.
  const shown = useRef(!started || key === 'default' ? pathname : null);
  useEffect(() => {
    started = true;
  }, []);
  // Block body: Chromium's scrollTo returns a Promise, which React would take for a cleanup.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  useEffect(() => {
    // Not a navigation: the first load, or StrictMode's second run of this effect.
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById(mainId);
    if (hash || !main) return;
    const active = document.activeElement;
    if (active && main.contains(active) && active.matches('input, select, textarea')) return;
    let focused = focusHeading(main);
    // A heading drawn later (after the page's data), or one that replaces the loading state's while it
    // has focus: follow it, until the user moves focus somewhere else.
    const observer = new MutationObserver(() => {
      const now = document.activeElement;
      const lost = !now || now === document.body;
      if (focused) {
        if (!lost) return now === focused ? undefined : stop();
        if (focused.isConnected) return stop();
      } else if (!lost && now !== active) {
        return stop();
      }
      focused = focusHeading(main) ?? focused;
    });
    const timer = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
    // Only a new page moves focus (not a new #anchor or ?filter on the same page): `hash` is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, mainId]);
}
