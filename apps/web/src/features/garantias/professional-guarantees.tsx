import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CalendarCheck, MessageSquareWarning, Phone, ShieldAlert } from 'lucide-react';
import {
  formatDate,
  formatDateTime,
  GARANTIA_MSG,
  GUARANTEE_ANSWER_MAX,
  GUARANTEE_DAYS,
  GUARANTEE_TEXT_MIN,
  GUARANTEE_VISIT_MAX_DAYS,
  type Garantia,
  CONTROL_CHARS,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { GuaranteeDialog } from './guarantee-dialog';
import { Pagination } from '../../components/ui/pagination';
import { PhoneText } from '../../components/ui/phone-text';
import { ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { useAnswerGuarantee, useProfessionalGuarantees } from './garantias-api';
import { GuaranteeStateBadge } from './guarantee-on-card';
import { GuaranteePhotos } from './guarantee-photos';
import './garantias.css';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "2026-11-20T14:30" in the browser's own time, what <input type="datetime-local"> reads and writes. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

type Mode = 'aceitar' | 'contestar';

/** Checks what the browser can; the server checks again (its clock decides "in the future"). */
export function checkAnswer(mode: Mode, quando: string, resposta: string, now = new Date()): { quando?: string; resposta?: string } {
  const out: { quando?: string; resposta?: string } = {};
  const text = resposta.trim();
  if (CONTROL_CHARS.test(text)) out.resposta = 'O texto contém caracteres inválidos.';
  else if (text.length > GUARANTEE_ANSWER_MAX) out.resposta = GARANTIA_MSG.respostaLonga;
  if (mode === 'contestar') {
    if (!text) out.resposta = GARANTIA_MSG.respostaObrigatoria;
    else if (text.length < GUARANTEE_TEXT_MIN) out.resposta = GARANTIA_MSG.respostaCurta;
    return out;
  }
  const at = quando ? new Date(quando) : null;
  if (!at) out.quando = GARANTIA_MSG.dataObrigatoria;
  else if (Number.isNaN(at.getTime())) out.quando = GARANTIA_MSG.dataInvalida;
  else if (at <= now) out.quando = GARANTIA_MSG.dataPassada;
  else if (at.getTime() > now.getTime() + GUARANTEE_VISIT_MAX_DAYS * DAY_MS) out.quando = GARANTIA_MSG.dataLonge;
  return out;
}

/** "Aceitar e marcar visita" (a date, an optional message) or "Contestar" (why, required). */
export function AnswerDialog({ g, mode, onClose }: { g: Garantia | null; mode: Mode; onClose: () => void }) {
  const answer = useAnswerGuarantee();
  const id = useId();
  const [quando, setQuando] = useState('');
  const [resposta, setResposta] = useState('');
  const [errors, setErrors] = useState<{ quando?: string; resposta?: string; form?: string }>({});

  useEffect(() => {
    setQuando('');
    setResposta('');
    setErrors({});
  }, [g?.id, mode]);

  const [submit, busy] = useSingleFlight(async () => {
    if (!g) return;
    const found = checkAnswer(mode, quando, resposta);
    if (found.quando || found.resposta) {
      setErrors(found);
      document.getElementById(found.quando ? `${id}-quando` : `${id}-resposta`)?.focus();
      return;
    }
    setErrors({});
    try {
      await answer.mutateAsync({
        id: g.id,
        answer:
          mode === 'aceitar'
            ? { aceite: true, agendadoPara: new Date(quando).toISOString(), resposta: resposta.trim() || undefined }
            : { aceite: false, resposta: resposta.trim() },
      });
      toast.success(mode === 'aceitar' ? 'Garantia aceite: o cliente foi avisado da visita.' : 'Pedido contestado: o cliente e a nossa equipa foram avisados.');
      onClose();
    } catch (e) {
      const f = e instanceof ApiError ? e.fields : {};
      if (f.agendadoPara || f.resposta) setErrors({ quando: f.agendadoPara, resposta: f.resposta });
      else setErrors({ form: e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'Não foi possível enviar a resposta. Tente novamente.' });
    }
  });

  const now = new Date();
  const aceitar = mode === 'aceitar';
  return (
    <GuaranteeDialog
      open={g !== null}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      idPrefix={id}
      title={aceitar ? 'Aceitar e marcar visita' : 'Contestar o pedido'}
      intro={
        g ? (
          aceitar ? (
            <>«{g.titulo}»: indique quando passa para resolver. O cliente é avisado da data.</>
          ) : (
            <>«{g.titulo}»: explique ao cliente porque não considera o problema coberto pela garantia. A nossa equipa analisa e decide.</>
          )
        ) : null
      }
      formError={errors.form}
      submit={{ label: aceitar ? 'Aceitar e avisar o cliente' : 'Enviar contestação', loadingText: 'A enviar...', variant: aceitar ? 'primary' : 'secondary' }}
    >
      {aceitar && (
        <div className="field">
          <label htmlFor={`${id}-quando`}>Data e hora da visita</label>
          <input
            id={`${id}-quando`}
            className="input"
            type="datetime-local"
            value={quando}
            min={localInput(now)}
            max={localInput(new Date(now.getTime() + GUARANTEE_VISIT_MAX_DAYS * DAY_MS))}
            onChange={(e) => setQuando(e.target.value)}
            aria-invalid={!!errors.quando}
            aria-describedby={errors.quando ? `${id}-quando-erro` : undefined}
            disabled={busy}
          />
          {errors.quando && (
            <p className="field-error" id={`${id}-quando-erro`} role="alert">
              {errors.quando}
            </p>
          )}
        </div>
      )}
      <TextAreaField
        id={`${id}-resposta`}
        label={aceitar ? 'Mensagem para o cliente (opcional)' : 'Porque contesta?'}
        value={resposta}
        maxLength={GUARANTEE_ANSWER_MAX}
        onChange={(e) => setResposta(e.target.value)}
        error={errors.resposta}
        hint={`${resposta.trim().length}/${GUARANTEE_ANSWER_MAX} caracteres`}
        placeholder={
          aceitar
            ? 'Por exemplo: levo um disjuntor novo e fica resolvido em meia hora.'
            : 'Por exemplo: a avaria é na máquina de lavar, que não fez parte do serviço.'
        }
        disabled={busy}
      />
    </GuaranteeDialog>
  );
}

function ClaimCard({ g, onAnswer }: { g: Garantia; onAnswer: (mode: Mode) => void }) {
  const titleId = `garantia-${g.id}`;
  return (
    <article className="card guarantee-card" aria-labelledby={titleId}>
      <div className="guarantee-card-head">
        <GuaranteeStateBadge estado={g.estado} profissional />
        <span className="muted small">
          Acionada a <time dateTime={g.criadoEm}>{formatDate(g.criadoEm)}</time>
        </span>
      </div>
      <h3 id={titleId} className="guarantee-card-title">
        {g.titulo}
      </h3>
      {g.cliente && (
        <p className="guarantee-line">
          {g.cliente.nome}
          {g.cliente.contacto && (
            <>
              {' '}
              · <Phone size={14} aria-hidden />{' '}
              <a href={`tel:${g.cliente.contacto.replace(/\s+/g, '')}`}>
                <span className="sr-only">Contacto: </span>
                <PhoneText value={g.cliente.contacto} />
              </a>
            </>
          )}
        </p>
      )}
      <blockquote className="guarantee-quote">
        <span className="sr-only">Problema descrito pelo cliente: </span>
        {g.descricao}
      </blockquote>
      <GuaranteePhotos garantiaId={g.id} count={g.fotos} as="profissional" titulo={g.titulo} />
      {g.agendadoPara && (
        <p className="guarantee-line">
          <CalendarCheck size={16} aria-hidden /> Visita marcada para{' '}
          <strong>
            <time dateTime={g.agendadoPara}>{formatDateTime(g.agendadoPara)}</time>
          </strong>
        </p>
      )}
      {g.resposta && (
        <p className="guarantee-line">
          <strong>A sua resposta:</strong> {g.resposta}
        </p>
      )}
      {g.estado === 'FECHADA' && g.resolucao && (
        <p className="guarantee-line">
          <strong>Resolução da equipa:</strong> {g.resolucao}
        </p>
      )}
      {g.estado === 'ABERTA' && (
        <div className="guarantee-actions">
          <Button variant="primary" onClick={() => onAnswer('aceitar')}>
            <CalendarCheck size={18} aria-hidden /> Aceitar e marcar visita<span className="sr-only">: {g.titulo}</span>
          </Button>
          <Button variant="outline" onClick={() => onAnswer('contestar')}>
            <MessageSquareWarning size={18} aria-hidden /> Contestar<span className="sr-only">: {g.titulo}</span>
          </Button>
        </div>
      )}
    </article>
  );
}

/**
 * "Garantias" on the professional's dashboard: claims clients opened about his work (those waiting
 * for an answer first), each answered by accepting with a visit date or disputing with a message.
 */
export function ProfessionalGuarantees({ id }: { id: number | null }) {
  const [page, setPage] = useState(1);
  const list = useProfessionalGuarantees(page, id !== null);
  const [answering, setAnswering] = useState<{ g: Garantia; mode: Mode } | null>(null);
  const waiting = list.data?.items.filter((g) => g.estado === 'ABERTA').length ?? 0;
  // The claim's notification links here with #garantias: once the list is there, bring it into view.
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const ready = !list.isPending;
  useEffect(() => {
    if (hash !== '#garantias' || !ready) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [hash, ready]);

  let body;
  if (list.isPending) body = <Loading text="A carregar os pedidos de garantia..." />;
  else if (list.isError) body = <ErrorState text="Não foi possível carregar os pedidos de garantia." onRetry={() => list.refetch()} />;
  else if (list.data.items.length === 0 && page === 1) {
    body = (
      <p className="muted guarantee-empty">
        Nenhum pedido de garantia. Os clientes podem acionar a garantia até {GUARANTEE_DAYS} dias depois de concluírem um projeto consigo.
      </p>
    );
  } else {
    body = (
      <>
        <ul className="guarantee-list" aria-busy={list.isFetching || undefined}>
          {list.data.items.map((g) => (
            <li key={g.id}>
              <ClaimCard g={g} onAnswer={(mode) => setAnswering({ g, mode })} />
            </li>
          ))}
        </ul>
        <Pagination page={list.data.page} hasMore={list.data.hasMore} onChange={setPage} label="Páginas de pedidos de garantia" />
      </>
    );
  }
  return (
    <section className="guarantees" id="garantias" aria-labelledby="garantias-title" ref={ref} tabIndex={-1}>
      <h2 id="garantias-title" className="section-title">
        <ShieldAlert size={20} aria-hidden /> Garantias
        {waiting > 0 && <span className="badge badge-warning guarantee-count">{waiting} por responder</span>}
      </h2>
      {body}
      <AnswerDialog g={answering?.g ?? null} mode={answering?.mode ?? 'aceitar'} onClose={() => setAnswering(null)} />
    </section>
  );
}
