import { useState } from 'react';
import { ArrowLeft, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, M } from '@tc/shared';
import { Pagination } from '../../components/ui/pagination';
import { usePageTitle } from '../../components/ui/page-title';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { Rating, starString } from '../../components/ui/stars';
import { ownProfissionalId, useMyReviews, useOwnProfile } from './profissional-api';
import './profissional.css';

function Average({ id }: { id: number }) {
  const profile = useOwnProfile(id);
  const total = profile.data?.totalAvaliacoes;
  return (
    <section className="card rating-summary" aria-label="Avaliação média">
      <p className="side-label">Avaliação média</p>
      <p className="rating-big">{profile.isPending ? '…' : <Rating value={profile.data?.notaMedia} />}</p>
      {total !== undefined && (
        <p className="muted small">{total === 0 ? 'Ainda sem avaliações aprovadas' : total === 1 ? '1 avaliação aprovada' : `${total} avaliações aprovadas`}</p>
      )}
    </section>
  );
}

export function MinhasAvaliacoesPage() {
  usePageTitle('As minhas avaliações');
  const id = ownProfissionalId();
  const [page, setPage] = useState(1);
  const reviews = useMyReviews(id, page);

  let body;
  if (id === null) body = <ErrorState text={M.profissionalNaoIdentificado} />;
  else if (reviews.isPending) body = <Loading text="A carregar as suas avaliações..." />;
  else if (reviews.isError) body = <ErrorState text="Erro ao carregar as avaliações." onRetry={() => reviews.refetch()} />;
  else if (reviews.data.items.length === 0) {
    body = (
      <EmptyState text="Ainda não tem avaliações. Quando um cliente avaliar o seu trabalho e a avaliação for aprovada, aparece aqui.">
        <Link className="btn btn-secondary" to="/areadoprofissional/buscar-trabalhos">
          Procurar trabalhos
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className={`review-list${reviews.isPlaceholderData ? ' is-stale' : ''}`}>
          {reviews.data.items.map((r) => (
            <li key={r.id}>
              <article className="card review-card">
                <p className="review-stars">
                  <span role="img" aria-label={`${r.nota} de 5 estrelas`}>
                    {starString(r.nota)}
                  </span>
                </p>
                <blockquote className="review-text">
                  <Quote size={18} aria-hidden className="review-quote" />
                  <p>{r.comentario}</p>
                </blockquote>
                <p className="review-by">
                  <strong>{r.cliente.nome}</strong>
                  <span className="muted">
                    {' '}
                    · <time dateTime={r.criadoEm}>{formatDate(r.criadoEm)}</time>
                  </span>
                </p>
              </article>
            </li>
          ))}
        </ul>
        <Pagination page={reviews.data.page} hasMore={reviews.data.hasMore} onChange={setPage} label="Páginas de avaliações" />
      </>
    );
  }

  return (
    <div className="container">
      <div className="page">
        <Link to="/areadoprofissional/menu" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar à Área do Profissional
        </Link>
        <div className="page-header">
          <div>
            <h1>As minhas avaliações</h1>
            <p className="muted page-sub">Só as avaliações aprovadas pela nossa equipa são públicas e contam para a média.</p>
          </div>
        </div>
        <div className="reviews-layout">
          {id !== null && <Average id={id} />}
          <div>{body}</div>
        </div>
      </div>
    </div>
  );
}
