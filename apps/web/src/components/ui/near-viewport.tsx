import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once this spot comes within `margin` of the viewport: content far below the
 * fold (and its code and data) loads as the visitor scrolls towards it, not with the first paint.
 * Without IntersectionObserver it renders at once.
 */
export function NearViewport({ children, margin = '800px' }: { children: ReactNode; margin?: string }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    if (typeof IntersectionObserver === 'undefined' || !spot.current) {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    io.observe(spot.current);
    return () => io.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={spot} className="near-viewport-spot" aria-hidden />;
}
