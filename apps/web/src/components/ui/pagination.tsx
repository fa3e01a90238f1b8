import { ChevronLeft, ChevronRight } from 'lucide-react';

interface Props {
  page: number;
  hasMore: boolean;
  onChange: (page: number) => void;
  label?: string;
}

/**
 * Anterior / Próxima with "Página X". The API answers whether another page follows instead of
 * counting every match (docs/decisions/0006), so no "de Y". Hidden when there is a single page.
 */
export function Pagination({ page, hasMore, onChange, label = 'Paginação' }: Props) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft size={18} aria-hidden /> Anterior
      </button>
      <span aria-live="polite">Página {page}</span>
      <button type="button" className="btn btn-outline" disabled={!hasMore} onClick={() => onChange(page + 1)}>
        Próxima <ChevronRight size={18} aria-hidden />
      </button>
    </nav>
  );
}
