import { useEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { Pagination } from '../../components/ui/pagination';
import { SearchField } from '../../components/ui/search-field';
import { usePageTitle } from '../../components/ui/page-title';
import { useProfissionaisSearch } from './profissionais-api';
import { ProfissionalResultCard } from './profissional-card';
import { useListParams } from '../../lib/use-list-params';
import './profissionais.css';

export function ProfissionaisPage() {
  usePageTitle('Encontrar profissionais');
  const { text, setText, q, page, setPage } = useListParams();
  const query = useProfissionaisSearch(q, page);
  const data = query.data;
  const top = useRef<HTMLHeadingElement>(null);

  // A page number past the end (old link, list shrank): go to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(1);
  }, [data, page, setPage]);

  const changePage = (n: number) => {
    setPage(n);
    top.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="page">
      <div className="container">
        <Link to="/areadocliente/menu" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar ao menu
        </Link>
        <div className="page-header pro-search-header">
          <div>
            <h1 ref={top} tabIndex={-1}>
              Encontrar profissionais
            </h1>
            <p className="muted pro-lead">Eletricistas, instaladores de domótica e canalizadores avaliados por outros clientes.</p>
          </div>
        </div>

        <form className="pro-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <SearchField
            label="Pesquisar profissionais"
            hideLabel
            className="search-wrap"
            placeholder="Buscar por nome, especialidade ou cidade..."
            value={text}
            onChange={setText}
          />
        </form>

        <div aria-live="polite" className="pro-count muted">
          {data && !query.isError && q && data.items.length > 0 ? `Resultados para «${q}»` : ''}
        </div>

        {query.isPending ? (
          <Loading text="A carregar profissionais..." />
        ) : query.isError && !data ? (
          <ErrorState text="Erro ao carregar os profissionais." onRetry={() => void query.refetch()} />
        ) : data && data.items.length === 0 ? (
          <EmptyState text="Nenhum profissional encontrado.">{q && <p className="muted">Experimente outro nome, especialidade ou cidade.</p>}</EmptyState>
        ) : data ? (
          <>
            <ul className="cards pro-cards" aria-busy={query.isFetching || undefined} data-stale={query.isPlaceholderData || undefined}>
              {data.items.map((p) => (
                <ProfissionalResultCard key={p.id} p={p} />
              ))}
            </ul>
            <Pagination page={data.page} hasMore={data.hasMore} onChange={changePage} label="Páginas de profissionais" />
          </>
        ) : null}
      </div>
    </div>
  );
}
