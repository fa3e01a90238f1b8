import { useState } from 'react';
import { ArrowLeft, CalendarClock, Coins, Mail, MapPin, Phone, User, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, M, PROJECT_STATUS_LABELS, specialtyLabel } from '@tc/shared';
import { Pagination } from '../../components/ui/pagination';
import { usePageTitle } from '../../components/ui/page-title';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { ContactValue, creditsText, place } from './job-bits';
import { ownProfissionalId, useApplications, type Application } from './profissional-api';
import { ReportLeadAction } from './report-lead';
import './profissional.css';

function ApplicationCard({ a }: { a: Application }) {
  const r = a.request;
  const email = r.cliente?.email ?? null;
  return (
    <article className={`card applied-card status-${r.status.toLowerCase()}`} aria-labelledby={`cand-${a.id}`}>
      <div className="applied-head">
        <span className="applied-client">
          <User size={18} aria-hidden /> {r.cliente?.nome ?? 'Cliente não informado'}
        </span>
        <span className={`badge${r.status === 'CONCLUIDO' ? ' badge-success' : ''}`}>{PROJECT_STATUS_LABELS[r.status] ?? r.status}</span>
      </div>
      <p className="applied-date">
        <CalendarClock size={16} aria-hidden /> Candidatura em <time dateTime={a.criadoEm}>{formatDateTime(a.criadoEm)}</time>
      </p>
      <h2 id={`cand-${a.id}`} className="job-title">
        {r.titulo}
      </h2>
      <p className="clamp-3 job-desc">{r.descricao}</p>
      <ul className="job-meta">
        <li>
          <Wrench size={16} aria-hidden /> <span>{specialtyLabel(r.especialidade)}</span>
        </li>
        <li>
          <MapPin size={16} aria-hidden /> <span>{place(r)}</span>
        </li>
        <li>
          <Coins size={16} aria-hidden /> <span>{creditsText(a.creditos)} gastos</span>
        </li>
      </ul>
      <dl className="contact-list open">
        <div>
          <dt>
            <Phone size={16} aria-hidden /> Contacto
          </dt>
          <dd>{r.contato ? <ContactValue value={r.contato} /> : '—'}</dd>
        </div>
        <div>
          <dt>
            <Mail size={16} aria-hidden /> Email do cliente
          </dt>
          <dd>{email ? <a href={`mailto:${email}`}>{email}</a> : '—'}</dd>
        </div>
      </dl>
      <ReportLeadAction a={a} />
    </article>
  );
}

export function ChamadosAgendadosPage() {
  usePageTitle('Chamados agendados');
  const id = ownProfissionalId();
  const [page, setPage] = useState(1);
  const list = useApplications(id, page);

  let body;
  if (id === null) body = <ErrorState text={M.profissionalNaoIdentificado} />;
  else if (list.isPending) body = <Loading text="A carregar os seus chamados..." />;
  else if (list.isError) body = <ErrorState text={M.erroCarregarChamados} onRetry={() => list.refetch()} />;
  else if (list.data.items.length === 0 && page === 1) {
    body = (
      <EmptyState text="Nenhum chamado encontrado.">
        <Link className="btn btn-secondary" to="/areadoprofissional/buscar-trabalhos">
          Procurar trabalhos
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="cards applied-list" aria-busy={list.isFetching || undefined}>
          {list.data.items.map((a) => (
            <li key={a.id}>
              <ApplicationCard a={a} />
            </li>
          ))}
        </ul>
        <Pagination page={list.data.page} hasMore={list.data.hasMore} onChange={setPage} label="Páginas de candidaturas" />
      </>
    );
  }

  const some = !!list.data?.items.length;
  return (
    <div className="container">
      <div className="page">
        <Link to="/areadoprofissional/menu" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar à Área do Profissional
        </Link>
        <div className="page-header">
          <div>
            <h1>Chamados agendados</h1>
            <p className="muted page-sub">
              {some
                ? 'As suas candidaturas, mais recentes primeiro. Contacte o cliente para combinar o trabalho.'
                : 'Os projetos a que se candidatou, com o contacto do cliente.'}
            </p>
          </div>
        </div>
        {body}
      </div>
    </div>
  );
}
