/** Focuses the first <h1> of `main` (made focusable, never scrolled to) and returns it; null when there is none yet. */
export function focusHeading(main: HTMLElement): HTMLElement | null {
  const h1 = main.querySelector<HTMLElement>('h1');
  if (!h1) return null;
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  h1.focus({ preventScroll: true });
  return h1;
}
