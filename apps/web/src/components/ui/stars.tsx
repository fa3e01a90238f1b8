import { Star } from 'lucide-react';
import { useRef } from 'react';
import { formatRating } from '@tc/shared/format';

/** Read-only rating: one decimal and a star, or N/A. */
export function Rating({ value }: { value: number | null | undefined }) {
  const text = formatRating(value);
  return (
    <span className="rating" aria-label={text === 'N/A' ? 'Sem avaliações' : `Avaliação média ${text} de 5`}>
      <Star size={16} aria-hidden fill={text === 'N/A' ? 'none' : 'currentColor'} /> {text}
    </span>
  );
}

/** "★★★★☆" for a whole-number rating (spec: star string). */
export const starString = (n: number) => '★'.repeat(Math.max(0, Math.min(5, n))) + '☆'.repeat(5 - Math.max(0, Math.min(5, n)));

/** 1–5 clickable stars, a radio group: arrows and Home/End work from the keyboard. */
export function StarInput({ value, onChange, label = 'Nota' }: { value: number; onChange: (n: number) => void; label?: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (n: number) => {
    const next = Math.max(1, Math.min(5, n));
    onChange(next);
    refs.current[next - 1]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className="star-input">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} ${n === 1 ? 'estrela' : 'estrelas'}`}
          tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
          className={n <= value ? 'on' : ''}
          onClick={() => onChange(n)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowUp') {
              e.preventDefault();
              move((value || 0) + 1);
            }
            if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') {
              e.preventDefault();
              move((value || 2) - 1);
            }
            if (e.key === 'Home') {
              e.preventDefault();
              move(1);
            }
            if (e.key === 'End') {
              e.preventDefault();
              move(5);
            }
          }}
        >
          <Star size={32} aria-hidden fill={n <= value ? 'currentColor' : 'none'} />
        </button>
      ))}
    </div>
  );
}
