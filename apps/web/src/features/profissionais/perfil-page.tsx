import { useState } from 'react';
import { ArrowLeft, MapPin, MessageSquareQuote, Phone } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { formatDate } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Pagination } from '../../components/ui/pagination';
import { PhoneText } from '../../components/ui/phone-text';
import { usePageTitle } from '../../components/ui/page-title';
import { Rating, starString } from '../../components/ui/stars';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { ApiError } from '../../lib/api';
import { parseId, useProfissional, useProfissionalReviews, type ProfissionalPerfil } from './profissionais-api';
import { localidade } from './profissional-card';
import { SelosBadges } from '../../components/selos';
import { GuaranteeFigures } from '../garantias';
import './profissionais.css';

/** Back to the search the user came from (its ?q=&page=), else the plain list. */
function BackToList() {
  const from = (useLocation().state as { search?: string } | null)?.search ?? '';
  return (
    <Link to={`/profissionais${from}`} className="back-link">
      <ArrowLeft size={18} aria-hidden /> Voltar aos profissionais
    </Link>
  );
}

export function ProfissionalPerfilPage() {
  const id = parseId(useParams().id);
  const query = useProfissional(id);
  usePageTitle(query.data ? query.data.nome : 'Perfil do profissional');

  let body;
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <>
        <h1 className="sr-only">Perfil do profissional</h1>
        <EmptyState text="Profissional não encontrado.">
          <Link to="/profissionais" className="btn btn-secondary">
            Ver todos os profissionais
          </Link>
        </EmptyState>
      </>
    );
  } else if (query.isPending) {
    body = (
      <>
        <h1 className="sr-only">Perfil do profissional</h1>
        <Loading text="Carregando perfil..." />
      </>
    );
  } else if (query.isError) {
    body = (
      <>
        <h1 className="sr-only">Perfil do profissional</h1>
        <ErrorState text="Erro ao carregar os dados do profissional." onRetry={() => void query.refetch()} />
      </>
    );
  } else {
    body = <Perfil p={query.data} />;
  }

  return (
    <div className="page pro-profile-page">
      <div className="container">
        <BackToList />
        {body}
      </div>
    </div>
  );
}

function Perfil({ p }: { p: ProfissionalPerfil }) {
  const local = localidade(p.cidade, p.bairro);
  const telefone = p.telefone || p.contato;
  return (
    <>
      <article className="card pro-profile" aria-labelledby="pro-nome">
        <div className="pro-profile-head">
          <Avatar src={p.fotoUrl} alt={`Fotografia de ${p.nome}`} size={128} className="pro-profile-photo" priority />
          <div className="pro-profile-id">
            <h1 id="pro-nome">{p.nome}</h1>
            <p className="pro-profile-spec">{p.especialidade ?? 'Especialidade não informada'}</p>
            <div className="pro-card-meta">
              <Rating value={p.notaMedia} />
              <SelosBadges selos={p.selos} />
            </div>
            <GuaranteeFigures profissionalId={p.id} />
            {local && (
              <p className="pro-card-line">
                <MapPin size={16} aria-hidden />{' '}
                <span>
                  <span className="sr-only">Localização: </span>
                  {local}
                </span>
              </p>
            )}
          </div>
          {telefone && (
            <div className="pro-profile-cta">
              <a className="btn btn-primary" href={`tel:${telefone.replace(/\s+/g, '')}`}>
                <Phone size={18} aria-hidden />{' '}
                <span>
                  <span className="sr-only">Telefone: </span>
                  <PhoneText value={telefone} />
                </span>
              </a>
            </div>
          )}
        </div>

        <section className="pro-profile-section" aria-labelledby="pro-sobre">
          <h2 id="pro-sobre">Sobre</h2>
          {p.descricao?.trim() ? (
            <p className="pro-profile-desc">{p.descricao}</p>
          ) : (
            <p className="muted">Este profissional ainda não escreveu uma descrição.</p>
          )}
        </section>

        <section className="pro-profile-section" aria-labelledby="pro-esp">
          <h2 id="pro-esp">Especialidades</h2>
          {p.especialidadesLabels.length ? (
            <ul className="chips">
              {p.especialidadesLabels.map((l) => (
                <li key={l} className="badge">
                  {l}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Não informado</p>
          )}
        </section>
      </article>

      <Avaliacoes id={p.id} total={p.totalAvaliacoes} />
    </>
  );
}

function Avaliacoes({ id, total }: { id: number; total: number }) {
  const [page, setPage] = useState(1);
  const query = useProfissionalReviews(id, page);
  const data = query.data;
  return (
    <section className="card pro-reviews" aria-labelledby="pro-aval">
      <h2 id="pro-aval">
        Avaliações de clientes
        {total > 0 && <span className="pro-reviews-count"> ({total})</span>}
      </h2>
      {query.isPending ? (
        <Loading text="A carregar avaliações..." />
      ) : query.isError && !data ? (
        <ErrorState text="Erro ao carregar as avaliações." onRetry={() => void query.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <p className="muted pro-reviews-empty">
          <MessageSquareQuote size={20} aria-hidden /> Ainda não há avaliações publicadas para este profissional.
        </p>
      ) : (
        <>
          <ul className="review-list" aria-busy={query.isFetching || undefined}>
            {data.items.map((r) => (
              <li key={r.id} className="review-item">
                <div className="review-item-head">
                  <span className="review-stars" role="img" aria-label={`${r.nota} de 5 estrelas`}>
                    {starString(r.nota)}
                  </span>
                  <time className="muted" dateTime={r.criadoEm}>
                    {formatDate(r.criadoEm)}
                  </time>
                </div>
                <blockquote className="review-text">{r.comentario}</blockquote>
                <p className="review-author">{r.cliente.nome}</p>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} hasMore={data.hasMore} onChange={setPage} label="Páginas de avaliações" />
        </>
      )}
    </section>
  );
}
