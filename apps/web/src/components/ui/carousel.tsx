import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

/**
 * Spec carousel: 3 per view (1 at 768 px or below), dots, arrows, infinite loop, 500 ms.
 * Slide width comes from CSS (.carousel-slide); embla's `duration` is in its own units (~ms/16).
 */
export function Carousel({ children, label }: { children: ReactNode[]; label: string }) {
  const [ref, api] = useEmblaCarousel({ loop: children.length > 1, align: 'start', duration: 30 });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const onSelect = useCallback(() => api && setSelected(api.selectedScrollSnap()), [api]);
  useEffect(() => {
    if (!api) return;
    setSnaps(api.scrollSnapList());
    onSelect();
    api.on('select', onSelect);
    api.on('reInit', () => {
      setSnaps(api.scrollSnapList());
      onSelect();
    });
    return () => {
      api.off('select', onSelect);
    };
  }, [api, onSelect]);
  return (
    <section className="carousel" aria-roledescription="carrossel" aria-label={label}>
      <div className="carousel-viewport" ref={ref}>
        <div className="carousel-track">
          {children.map((child, i) => (
            <div className="carousel-slide" role="group" aria-roledescription="diapositivo" aria-label={`${i + 1} de ${children.length}`} key={i}>
              {child}
            </div>
          ))}
        </div>
      </div>
      {snaps.length > 1 && (
        <div className="carousel-controls">
          <button type="button" className="carousel-arrow" onClick={() => api?.scrollPrev()} aria-label="Anterior">
            <ChevronLeft aria-hidden />
          </button>
          <div className="carousel-dots">
            {snaps.map((_, i) => (
              <button
                key={i}
                type="button"
                className={i === selected ? 'dot active' : 'dot'}
                aria-label={`Ir para o grupo ${i + 1}`}
                aria-current={i === selected}
                onClick={() => api?.scrollTo(i)}
              />
            ))}
          </div>
          <button type="button" className="carousel-arrow" onClick={() => api?.scrollNext()} aria-label="Seguinte">
            <ChevronRight aria-hidden />
          </button>
        </div>
      )}
    </section>
  );
}
