import { useCallback, useRef } from 'react';
import { focusHeading } from '../../lib/focus';

/**
 * Focus back to the opener when a dialog closes. Radix returns focus only to its own Dialog.Trigger;
 * our dialogs are opened by ordinary buttons (a controlled `open`), so focus used to fall to <body>
 * and a screen reader lost its place. Pass `open`, and the returned handler as the content's
 * `onCloseAutoFocus`. When the opener is gone or disabled (its card was deleted, it is busy), focus
 * goes to the page's heading instead.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    // Read while rendering: the dialog takes focus in the commit that follows, so this is still the opener.
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return useCallback((event: Event) => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
    if (target && document.activeElement === target) return;
    const main = document.getElementById('conteudo');
    if (main && !focusHeading(main)) main.focus();
  }, []);
}
