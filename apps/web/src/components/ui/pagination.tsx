import { ChevronLeft, ChevronRight } from 'lucide-react';
import { MAX_PAGE, MAX_PAGE_TEXT } from '@tc/shared';

interface Props {
  page: number;
  hasMore: boolean;
  onChange: (page: number) => void;
  label?: string;
}

/**
 * Anterior / Próxima with "Página X". The API answers whether another page follows instead of
 * counting every match (docs/decisions/0006), so no "de Y". Hidden when there is a single page.
 * Lists stop at MAX_PAGE: there "Próxima" is off and a note says why (it led to an error page).
 */
export function Pagination({ page, hasMore, onChange, label = 'Paginação' }: Props) {
  if (page <= 1 && !hasMore) return null;
  const atLimit = page >= MAX_PAGE;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft size={18} aria-hidden /> Anterior
      </button>
      <span aria-live="polite">Página {page}</span>
      <button type="button" className="btn btn-outline" disabled={!hasMore || atLimit} onClick={() => onChange(page + 1)}>
        Próxima <ChevronRight size={18} aria-hidden />
      </button>
      {atLimit && hasMore && <p className="pagination-note">{MAX_PAGE_TEXT}</p>}
    </nav>
  );
}
