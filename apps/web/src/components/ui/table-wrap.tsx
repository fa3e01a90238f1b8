import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a phone: the scrolling box is a named region that takes focus,
 * so it can be scrolled with the keyboard (axe: scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
