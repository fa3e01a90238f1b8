import { useState } from 'react';
import { ArrowLeft, CalendarDays, CheckCircle2, Coins, Lock, Mail, MapPin, Phone, User, Wrench } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime, M, MAX_APPLICANTS, specialtyLabel, type RequestDto } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { MessageDialog } from '../../components/ui/message-dialog';
import { usePageTitle } from '../../components/ui/page-title';
import { ErrorState, Loading } from '../../components/ui/states';
import { ApiError, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { ApplyDialog } from './apply-dialog';
import { ContactValue, creditsText, place, Places, UrgencyBadge } from './job-bits';
import { jobIdOf, jobKey, ownProfissionalId, useApply, useCreditBalance, useJob } from './profissional-api';
import './profissional.css';

const LOCKED = 'Disponível após candidatura';
function Contact({ job, applied }: { job: RequestDto; applied: boolean }) {
  const contato = applied ? job.contato : null;
  const email = applied ? (job.cliente?.email ?? null) : null;
  return (
    <dl className={`contact-list${applied ? ' open' : ''}`}>
      <div>
        <dt>
          <Phone size={16} aria-hidden /> Contacto
        </dt>
        <dd>
          {contato ? (
            <ContactValue value={contato} />
          ) : (
            <span className="locked">
              <Lock size={14} aria-hidden /> {LOCKED}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>
          <Mail size={16} aria-hidden /> Email do cliente
        </dt>
        <dd>
          {email ? (
            <a href={`mailto:${email}`}>{email}</a>
          ) : (
            <span className="locked">
              <Lock size={14} aria-hidden /> {LOCKED}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}

export function DetalhesChamadoPage() {
  const { id: raw } = useParams();
  const location = useLocation();
  const passed = (location.state as { job?: RequestDto } | null)?.job ?? null;
  const id = jobIdOf(raw);
  const profId = ownProfissionalId();
  const job = useJob(profId === null ? null : id, passed);
  usePageTitle(job.data?.titulo ?? 'Detalhes do chamado');
  const balance = useCreditBalance(profId);
  const apply = useApply();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<null | { ok: true } | { ok: false; message: string }>(null);

  const [confirm, busy] = useSingleFlight(async () => {
    if (profId === null || id === null) return;
    try {
      const r = await apply.mutateAsync({ requestId: id, profissionalId: profId });
      // Show the contact at once; the refetch (invalidated by the mutation) confirms it.
      qc.setQueryData<RequestDto>(
        jobKey(id),
        (cur) =>
          cur && {
            ...cur,
            contato: r.contato,
            jaCandidatado: true,
            candidaturas: (cur.candidaturas ?? 0) + 1,
            cliente: { nome: r.cliente.nome, email: r.cliente.email },
          },
      );
      setConfirming(false);
      setResult({ ok: true });
    } catch (e) {
      setConfirming(false);
      setResult({ ok: false, message: errorMessage(e, M.candidaturaErro) });
    }
  });

  const back = (
    <Link to="/areadoprofissional/buscar-trabalhos" className="back-link">
      <ArrowLeft size={18} aria-hidden /> Voltar aos trabalhos
    </Link>
  );

  let body;
  if (profId === null) body = <ErrorState text={M.profissionalNaoIdentificado} />;
  else if (id === null || (job.isError && job.error instanceof ApiError && job.error.status === 404)) body = <ErrorState text={M.chamadoNaoEncontrado} />;
  else if (job.isPending) body = <Loading text="A carregar o chamado..." />;
  else if (job.isError) body = <ErrorState text="Erro ao carregar chamados." onRetry={() => job.refetch()} />;
  else {
    const j = job.data;
    const count = j.candidaturas ?? 0;
    const applied = !!j.jaCandidatado || !!j.contato;
    const full = count >= MAX_APPLICANTS;
    const price = j.creditos ?? 0;
    body = (
      <div className="job-detail">
        <article className="card job-main" aria-labelledby="job-title">
          <div className="job-card-top">
            <UrgencyBadge tempo={j.tempo} long />
            {applied && (
              <span className="badge badge-success">
                <CheckCircle2 size={14} aria-hidden /> Já se candidatou
              </span>
            )}
          </div>
          <h1 id="job-title" className="job-detail-title">
            {j.titulo}
          </h1>
          <p className="job-detail-desc">{j.descricao}</p>
          <dl className="detail-list">
            <div>
              <dt>
                <Wrench size={16} aria-hidden /> Especialidade
              </dt>
              <dd>{specialtyLabel(j.especialidade)}</dd>
            </div>
            <div>
              <dt>
                <MapPin size={16} aria-hidden /> Localização
              </dt>
              <dd>{place(j)}</dd>
            </div>
            <div>
              <dt>
                <CalendarDays size={16} aria-hidden /> Publicado em
              </dt>
              <dd>
                <time dateTime={j.criadoEm}>{formatDateTime(j.criadoEm)}</time>
              </dd>
            </div>
            <div>
              <dt>
                <User size={16} aria-hidden /> Publicado por
              </dt>
              <dd>{j.cliente?.nome ?? 'Cliente não informado'}</dd>
            </div>
          </dl>
        </article>

        <aside className="card job-side" aria-label="Candidatura">
          <p className="side-label">{applied ? 'Créditos gastos' : 'Créditos a gastar'}</p>
          <p className="job-price big">
            <Coins size={26} aria-hidden /> <span>{creditsText(price)}</span>
          </p>
          <Places count={count} />
          {applied ? (
            <p className="alert alert-success side-note">
              <CheckCircle2 size={18} aria-hidden />
              <span>
                Já se candidatou a este projeto. Combine o trabalho diretamente com o cliente.{' '}
                <Link to="/areadoprofissional/chamados-agendados">Ver chamados agendados</Link>
              </span>
            </p>
          ) : full ? (
            <p className="alert alert-info side-note">{M.projetoCheio}</p>
          ) : null}
          {/* Amber only while it can be used: applied or full, the button stays but is quiet and disabled. */}
          <Button block variant={applied || full ? 'outline' : 'primary'} disabled={applied || full} onClick={() => setConfirming(true)} aria-haspopup="dialog">
            {applied ? (
              <>
                <CheckCircle2 size={18} aria-hidden /> Candidatura enviada
              </>
            ) : (
              'Candidatar-se'
            )}
          </Button>
          <h2 className="side-title">Contacto do cliente</h2>
          <Contact job={j} applied={applied} />
          {!applied && <p className="muted small">O contacto e o email do cliente aparecem aqui logo que se candidatar.</p>}
        </aside>

        <ApplyDialog
          open={confirming}
          titulo={j.titulo}
          price={price}
          balance={balance.data?.creditosRestantes ?? null}
          balanceLoading={balance.isPending}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(false)}
        />
      </div>
    );
  }

  return (
    <div className="container">
      <div className="page">
        {back}
        {/* Every state keeps one h1: the job title when loaded, otherwise this. */}
        {!(profId !== null && id !== null && job.data) && <h1>Detalhes do chamado</h1>}
        {body}
        <MessageDialog open={result?.ok === true} kind="success" title={M.candidaturaOkTitle} text={M.candidaturaOk} onClose={() => setResult(null)} />
        <MessageDialog
          open={result?.ok === false}
          kind="error"
          title={M.candidaturaErroTitle}
          text={result && !result.ok ? result.message : undefined}
          onClose={() => setResult(null)}
        />
      </div>
    </div>
  );
}
