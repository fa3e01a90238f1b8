import { ChevronLeft, ChevronRight } from 'lucide-react';

interface Props { page: number; totalPages: number; onChange: (page: number) => void; label?: string }

/** Anterior / Próxima with "Página X de Y" (spec). Hidden when there is a single page. */
export function Pagination({ page, totalPages, onChange, label = 'Paginação' }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft size={18} aria-hidden /> Anterior
      </button>
      <span aria-live="polite">Página {page} de {totalPages}</span>
      <button type="button" className="btn btn-outline" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Próxima <ChevronRight size={18} aria-hidden />
      </button>
    </nav>
  );
}
