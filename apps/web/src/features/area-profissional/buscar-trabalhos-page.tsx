import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, CheckCircle2, Coins, MapPin, SlidersHorizontal, Wrench, X } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DISTRICTS, MAX_APPLICANTS, SPECIALTY_GROUPS, specialtyLabel, TIME_OPTION_LABELS, TIME_OPTIONS, type RequestDto } from '@tc/shared';
import { SearchField } from '../../components/ui/search-field';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { usePageTitle } from '../../components/ui/page-title';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { creditsText, place, Places, UrgencyBadge } from './job-bits';
import { ownProfissionalId, readJobFilters, useAppliedJobs, useAvailableJobs } from './profissional-api';
import { useDebouncedValue, useLeaving } from '../../lib/use-list-params';
import './profissional.css';

const FILTER_KEYS = ['q', 'especialidade', 'bairro', 'tempo'] as const;

function JobCard({ job, applied, onOpen }: { job: RequestDto; applied: boolean; onOpen: () => void }) {
  const count = job.candidaturas ?? 0;
  const full = count >= MAX_APPLICANTS;
  return (
    <article className={`card job-card${applied ? ' applied' : ''}`} aria-labelledby={`job-${job.id}`}>
      <div className="job-card-top">
        <UrgencyBadge tempo={job.tempo} />
        {applied && (
          <span className="badge badge-success">
            <CheckCircle2 size={14} aria-hidden /> Já se candidatou
          </span>
        )}
      </div>
      <h2 id={`job-${job.id}`} className="job-title">
        {job.titulo}
      </h2>
      <p className="clamp-3 job-desc">{job.descricao}</p>
      <ul className="job-meta">
        <li>
          <Wrench size={16} aria-hidden /> <span>{specialtyLabel(job.especialidade)}</span>
        </li>
        <li>
          <MapPin size={16} aria-hidden /> <span>{place(job)}</span>
        </li>
        <li>
          <Places count={count} />
        </li>
      </ul>
      <div className="job-card-foot">
        <p className="job-price">
          <Coins size={20} aria-hidden /> <span>{creditsText(job.creditos ?? 0)}</span>
        </p>
        <Button variant={applied || full ? 'outline' : 'secondary'} onClick={onOpen} aria-describedby={`job-${job.id}`}>
          {applied ? 'Ver contacto' : full ? 'Ver detalhes' : 'Candidatar-se'}
        </Button>
      </div>
    </article>
  );
}

export function BuscarTrabalhosPage() {
  usePageTitle('Procurar trabalhos');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readJobFilters(params);
  const jobs = useAvailableJobs(filters);
  const applied = useAppliedJobs(ownProfissionalId());
  const [text, setText] = useState(filters.q);
  const typed = useDebouncedValue(text.trim());
  const listTop = useRef<HTMLDivElement>(null);

  const update = (changes: Partial<Record<(typeof FILTER_KEYS)[number] | 'page', string>>) => {
    setParams(
      (cur) => {
        const next = new URLSearchParams(cur);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        // Any filter change starts again on the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: !('page' in changes) },
    );
  };

  // The search box writes to the address once typing pauses, unless the user is already leaving
  // (a click on a job while the search was pending must not be pulled back to the list).
  const leaving = useLeaving();
  useEffect(() => {
    if (leaving()) return;
    if (typed !== filters.q) update({ q: typed });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // Back/forward (or "Limpar filtros") changes the address: show what it says.
  useEffect(() => {
    if (filters.q !== text.trim()) setText(filters.q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.q]);

  const active = FILTER_KEYS.some((k) => params.get(k));
  const selectCount = (['especialidade', 'bairro', 'tempo'] as const).filter((k) => params.get(k)).length;
  const [showFilters, setShowFilters] = useState(selectCount > 0);
  const clear = () => {
    setText('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const goToPage = (page: number) => {
    update({ page: String(page) });
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    listTop.current?.scrollIntoView?.({ behavior: calm ? 'auto' : 'smooth', block: 'start' });
  };

  let body;
  if (jobs.isPending) body = <Loading text="A procurar trabalhos..." />;
  else if (jobs.isError) body = <ErrorState text="Erro ao carregar chamados." onRetry={() => jobs.refetch()} />;
  else if (jobs.data.items.length === 0) {
    body = (
      <EmptyState text="Nenhum chamado encontrado.">
        {active && (
          <Button variant="outline" onClick={clear}>
            Limpar filtros
          </Button>
        )}
      </EmptyState>
    );
  } else {
    const { items, page, hasMore } = jobs.data;
    body = (
      <>
        <ul className={`cards job-list${jobs.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={jobs.isFetching}>
          {items.map((job) => (
            <li key={job.id}>
              <JobCard
                job={job}
                applied={applied.has(job.id)}
                // The job goes along to show at once, unless I applied: its page then waits for the
                // contact (job search's pages carry none) rather than show it locked for a moment.
                onOpen={() => navigate(`/areadoprofissional/detalhes-chamado/${job.id}`, { state: applied.has(job.id) ? null : { job } })}
              />
            </li>
          ))}
        </ul>
        <Pagination page={page} hasMore={hasMore} onChange={goToPage} label="Páginas de trabalhos" />
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
            <h1>Procurar trabalhos</h1>
            <p className="muted page-sub">Pedidos aprovados pela nossa equipa. Veja o preço em créditos antes de se candidatar.</p>
          </div>
        </div>

        <section className="card filters" role="search" aria-label="Filtros de trabalhos">
          <div className="search-row">
            <SearchField
              label="Pesquisar por título"
              hideLabel
              className="field search-field"
              placeholder="Pesquisar por título..."
              value={text}
              onChange={setText}
              onKeyDown={(e) => {
                if (e.key === 'Enter') update({ q: text.trim() });
              }}
            />
            {/* On a phone the three selects fold away behind this button; from tablets up they are always shown. */}
            <button
              type="button"
              className="btn btn-outline filters-toggle"
              aria-expanded={showFilters}
              aria-controls="job-filters"
              onClick={() => setShowFilters((v) => !v)}
            >
              <SlidersHorizontal size={18} aria-hidden /> Filtros{selectCount > 0 ? ` (${selectCount})` : ''}
            </button>
          </div>
          <div id="job-filters" className={`filter-grid${showFilters ? ' open' : ''}`}>
            <SelectField label="Especialidade" value={filters.especialidade} onChange={(e) => update({ especialidade: e.target.value })}>
              <option value="">Todas as especialidades</option>
              {SPECIALTY_GROUPS.map((g) => (
                <optgroup key={g.value} label={g.label}>
                  {g.items.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <SelectField label="Distrito" value={filters.bairro} onChange={(e) => update({ bairro: e.target.value })}>
              <option value="">Todos os distritos</option>
              {DISTRICTS.map((d) => (
                <option key={d.value} value={d.label}>
                  {d.label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Urgência" value={filters.tempo} onChange={(e) => update({ tempo: e.target.value })}>
              <option value="">Todas</option>
              {TIME_OPTIONS.map((t) => (
                <option key={t} value={t}>
                  {TIME_OPTION_LABELS[t]}
                </option>
              ))}
            </SelectField>
          </div>
          {active && (
            <div className="filters-foot">
              <Button variant="ghost" onClick={clear}>
                <X size={18} aria-hidden /> Limpar filtros
              </Button>
            </div>
          )}
        </section>

        <div ref={listTop} className="list-anchor" />
        {body}
      </div>
    </div>
  );
}
