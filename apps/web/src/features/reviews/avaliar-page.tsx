import { useEffect } from 'react';
import { ArrowLeft, CheckCircle2, ClipboardList, MapPin, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { specialtyLabel } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Pagination } from '../../components/ui/pagination';
import { SearchField } from '../../components/ui/search-field';
import { usePageTitle } from '../../components/ui/page-title';
import { Rating } from '../../components/ui/stars';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { especialidadesTexto } from '../profissionais';
import { useListParams } from '../../lib/use-list-params';
import { storedId } from '../../lib/session';
import { useAvaliaveis, type ProfissionalAvaliavel } from './reviews-api';
import './reviews.css';

export function AvaliarPage() {
  usePageTitle('Avaliar profissionais');
  const { text, setText, q, page, setPage } = useListParams();
  const query = useAvaliaveis(q, page);
  const own = storedId('clienteId') ?? storedId('id');
  const projetosLink = own === null ? '/areadocliente/menu' : `/projetos/${own}`;
  const data = query.data;

  useEffect(() => {
    // A page past the end (old link, list shrank): back to the first.
    if (data && data.items.length === 0 && page > 1) setPage(1);
  }, [data, page, setPage]);

  // Nothing to search in until a completed project names who did it: hide the box then.
  const semCandidatos = !!data && data.items.length === 0 && page === 1 && !q;

  return (
    <div className="page">
      <div className="container">
        <Link to="/areadocliente/menu" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar ao menu
        </Link>
        <div className="page-header rv-header">
          <div>
            <h1>Avaliar profissionais</h1>
            <p className="muted rv-lead">
              Avalie os profissionais que fizeram os seus projetos concluídos. A sua opinião ajuda outros clientes a escolher bem.
            </p>
          </div>
        </div>

        {!semCandidatos && (
          <form className="rv-search" role="search" onSubmit={(e) => e.preventDefault()}>
            <SearchField
              label="Pesquisar por nome ou especialidade"
              hideLabel
              className="search-wrap"
              placeholder="Pesquisar por nome ou especialidade..."
              value={text}
              onChange={setText}
            />
          </form>
        )}

        {query.isPending ? (
          <Loading text="A carregar profissionais..." />
        ) : query.isError && !data ? (
          <ErrorState text="Erro ao carregar os profissionais." onRetry={() => void query.refetch()} />
        ) : semCandidatos ? (
          <EmptyState text="Ainda não há profissionais para avaliar.">
            <p className="muted rv-empty-note">
              Os profissionais aparecem aqui quando marcar um projeto como concluído e indicar quem fez o trabalho. Só esse profissional pode ser avaliado, uma
              vez por projeto.
            </p>
            <Link to={projetosLink} className="btn btn-primary">
              Ver os meus projetos
            </Link>
          </EmptyState>
        ) : data && data.items.length === 0 ? (
          <EmptyState text="Nenhum profissional encontrado.">
            <p className="muted">Experimente outro nome ou especialidade.</p>
          </EmptyState>
        ) : data ? (
          <>
            <ul className="cards rv-cards" aria-busy={query.isFetching || undefined} data-stale={query.isPlaceholderData || undefined}>
              {data.items.map((p) => (
                <AvaliavelCard key={p.id} p={p} />
              ))}
            </ul>
            <Pagination page={data.page} hasMore={data.hasMore} onChange={setPage} label="Páginas de profissionais" />
          </>
        ) : null}
      </div>
    </div>
  );
}

function AvaliavelCard({ p }: { p: ProfissionalAvaliavel }) {
  const noteId = `rv-note-${p.id}`;
  return (
    <li className="card rv-card">
      <div className="rv-card-head">
        <Avatar src={p.fotoUrl} alt="" size={64} />
        <div className="rv-card-title">
          <h2 className="rv-card-name">{p.nome}</h2>
          <Rating value={p.notaMedia} />
        </div>
      </div>
      <p className="rv-line">
        <Wrench size={16} aria-hidden />
        <span>
          <span className="sr-only">Especialidades: </span>
          {especialidadesTexto(p.especialidades.map(specialtyLabel))}
        </span>
      </p>
      {p.cidade && (
        <p className="rv-line">
          <MapPin size={16} aria-hidden />
          <span>
            <span className="sr-only">Cidade: </span>
            {p.cidade}
          </span>
        </p>
      )}
      {p.requestTitulo && (
        <p className="rv-line">
          <ClipboardList size={16} aria-hidden />
          <span>Projeto: {p.requestTitulo}</span>
        </p>
      )}
      <div className="rv-card-foot">
        {!p.podeAvaliar && (
          <span className="badge badge-success rv-done" id={noteId}>
            <CheckCircle2 size={14} aria-hidden /> Já avaliado
          </span>
        )}
        <div className="rv-actions">
          <Link className="btn btn-outline" to={`/profissionais/${p.id}`}>
            Ver<span className="sr-only"> o perfil de {p.nome}</span>
          </Link>
          {p.podeAvaliar && p.requestId ? (
            <Link className="btn btn-secondary" to={`/avaliacao/${p.id}?projeto=${p.requestId}`} state={{ requestTitulo: p.requestTitulo }}>
              Avaliar<span className="sr-only"> {p.nome}</span>
            </Link>
          ) : (
            <button type="button" className="btn btn-secondary" disabled aria-describedby={noteId}>
              Avaliar<span className="sr-only"> {p.nome}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
