import { useEffect, useId, useState } from 'react';
import { CalendarCheck, CalendarDays, CircleCheck, HardHat, Mail, Phone, User } from 'lucide-react';
import {
  formatDate,
  formatDateTime,
  GARANTIA_ESTADO_LABELS,
  GARANTIA_ESTADOS,
  GARANTIA_MSG,
  GUARANTEE_ANSWER_MAX,
  GUARANTEE_DAYS,
  type Garantia,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { PhoneText } from '../../components/ui/phone-text';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { adminGuaranteeFiltersOf, GuaranteeDialog, GuaranteePhotos, GuaranteeStateBadge, useAdminGuarantees, useCloseGuarantee } from '../garantias';
import { useSearchParams } from 'react-router';
import { AdminLayout } from './admin-layout';
import { useListParams } from './admin-ui';

/** "Encerrar": the resolution the client and the professional will read. */
export function CloseDialog({ g, onClose }: { g: Garantia | null; onClose: () => void }) {
  const close = useCloseGuarantee();
  const id = useId();
  const [resolucao, setResolucao] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  useEffect(() => {
    setResolucao('');
    setError({});
  }, [g?.id]);

  const [submit, busy] = useSingleFlight(async () => {
    if (!g) return;
    const text = resolucao.trim();
    if (!text) {
      setError({ field: GARANTIA_MSG.resolucaoObrigatoria });
      document.getElementById(`${id}-resolucao`)?.focus();
      return;
    }
    setError({});
    try {
      await close.mutateAsync({ id: g.id, resolucao: text });
      toast.success('Pedido de garantia encerrado.', { description: 'O cliente e o profissional foram avisados da resolução.' });
      onClose();
    } catch (e) {
      const f = e instanceof ApiError ? e.fields.resolucao : undefined;
      if (f) setError({ field: f });
      else setError({ form: e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'Não foi possível encerrar o pedido. Tente novamente.' });
    }
  });

  return (
    <GuaranteeDialog
      open={g !== null}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      idPrefix={id}
      title="Encerrar pedido de garantia"
      intro={g ? <>«{g.titulo}»: a resolução é enviada ao cliente e ao profissional.</> : null}
      formError={error.form}
      submit={{ label: 'Encerrar pedido', loadingText: 'A encerrar...', variant: 'secondary' }}
    >
      <TextAreaField
        id={`${id}-resolucao`}
        label="Resolução"
        value={resolucao}
        maxLength={GUARANTEE_ANSWER_MAX}
        onChange={(e) => {
          setResolucao(e.target.value);
          if (error.field) setError((x) => ({ ...x, field: undefined }));
        }}
        error={error.field}
        hint={`${resolucao.trim().length}/${GUARANTEE_ANSWER_MAX} caracteres`}
        placeholder="Por exemplo: o profissional substituiu o disjuntor na visita; o cliente confirmou que ficou resolvido."
        disabled={busy}
      />
    </GuaranteeDialog>
  );
}

function Parte({ label, Icon, p }: { label: string; Icon: typeof User; p: Garantia['cliente'] }) {
  if (!p)
    return (
      <li>
        <Icon size={16} aria-hidden />{' '}
        <span>
          {label}: <span className="muted">conta eliminada</span>
        </span>
      </li>
    );
  return (
    <li className="guarantee-party">
      <Icon size={16} aria-hidden />
      <span>
        {label}: <strong>{p.nome}</strong>
        {p.email && (
          <>
            {' '}
            · <Mail size={14} aria-hidden />{' '}
            <a href={`mailto:${p.email}`} className="break">
              {p.email}
            </a>
          </>
        )}
        {p.contacto && (
          <>
            {' '}
            · <Phone size={14} aria-hidden /> <span className="sr-only">Contacto: </span>
            <PhoneText value={p.contacto} />
          </>
        )}
      </span>
    </li>
  );
}

function ClaimCard({ g, onClose }: { g: Garantia; onClose: () => void }) {
  const titleId = `garantia-${g.id}-titulo`;
  return (
    <article className="card admin-item guarantee-admin-item" aria-labelledby={titleId}>
      <div className="item-head">
        <h2 id={titleId} className="item-title">
          {g.titulo}
        </h2>
        <GuaranteeStateBadge estado={g.estado} />
      </div>
      <ul className="meta-list">
        <li>
          <CalendarDays size={16} aria-hidden />{' '}
          <span>
            Acionada a {formatDateTime(g.criadoEm)}
            {g.concluidoEm && <> · projeto concluído a {formatDate(g.concluidoEm)}</>}
          </span>
        </li>
        <Parte label="Cliente" Icon={User} p={g.cliente} />
        <Parte label="Profissional" Icon={HardHat} p={g.profissional} />
      </ul>
      <blockquote className="item-quote">
        <span className="sr-only">Problema descrito pelo cliente: </span>
        {g.descricao}
      </blockquote>
      <GuaranteePhotos garantiaId={g.id} count={g.fotos} as="admin" titulo={g.titulo} />
      {g.estado === 'ABERTA' && <p className="guarantee-line muted">O profissional ainda não respondeu.</p>}
      {g.agendadoPara && (
        <p className="guarantee-line">
          <CalendarCheck size={16} aria-hidden /> Visita marcada para <strong>{formatDateTime(g.agendadoPara)}</strong>
        </p>
      )}
      {g.resposta && (
        <p className="guarantee-line">
          <strong>{g.estado === 'CONTESTADA' || (!g.agendadoPara && g.respondidoEm) ? 'Contestação do profissional' : 'Mensagem do profissional'}:</strong>{' '}
          {g.resposta}
        </p>
      )}
      {g.estado === 'FECHADA' ? (
        <p className="guarantee-line guarantee-resolution">
          <CircleCheck size={16} aria-hidden />{' '}
          <span>
            <strong>Resolução:</strong> {g.resolucao}
            <span className="cell-sub muted">
              {g.fechadoEm && formatDateTime(g.fechadoEm)}
              {g.fechadoPorNome && ` por ${g.fechadoPorNome}`}
            </span>
          </span>
        </p>
      ) : (
        <div className="item-actions">
          <Button variant="secondary" onClick={onClose}>
            <CircleCheck size={18} aria-hidden /> Encerrar<span className="sr-only"> o pedido: {g.titulo}</span>
          </Button>
        </div>
      )}
    </article>
  );
}

/**
 * "Garantias": claims clients opened within 14 days of completion. The open ones first (waiting for
 * the professional, accepted, disputed), then the closed; an admin closes each with a resolution.
 */
export function AdminGarantiasPage() {
  const list = useListParams();
  const [params] = useSearchParams();
  // From a professional's card ("ver pedidos"): only that professional's claims.
  const { estado, profissionalId } = adminGuaranteeFiltersOf(params);
  const claims = useAdminGuarantees(estado, list.page, profissionalId);
  const [closing, setClosing] = useState<Garantia | null>(null);

  return (
    <AdminLayout
      title="Garantias"
      lead={`Pedidos de garantia técnica que os clientes acionaram até ${GUARANTEE_DAYS} dias depois de concluir um projeto. Os abertos aparecem primeiro; encerre cada um com a resolução.`}
    >
      <div className="admin-toolbar card" role="search" aria-label="Filtrar pedidos de garantia">
        <div className="toolbar-fields">
          <SelectField label="Estado" value={estado} onChange={(e) => list.set('estado', e.target.value)}>
            <option value="">Todos</option>
            {GARANTIA_ESTADOS.map((s) => (
              <option key={s} value={s}>
                {GARANTIA_ESTADO_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {profissionalId !== null && (
            <p className="guarantee-line">
              Só os pedidos de {claims.data?.items[0]?.profissional?.nome ?? 'um profissional'}.
              <Button variant="ghost" onClick={() => list.set('profissional', '')}>
                Ver todos
              </Button>
            </p>
          )}
        </div>
      </div>
      {claims.isPending ? (
        <Loading text="A carregar pedidos de garantia..." />
      ) : claims.isError ? (
        <ErrorState text="Não foi possível carregar os pedidos de garantia." onRetry={() => claims.refetch()} />
      ) : claims.data.items.length === 0 ? (
        <EmptyState text={estado ? 'Nenhum pedido de garantia neste estado.' : 'Ainda não há pedidos de garantia.'} />
      ) : (
        <div aria-busy={claims.isFetching || undefined}>
          <div className="admin-list two">
            {claims.data.items.map((g) => (
              <ClaimCard key={g.id} g={g} onClose={() => setClosing(g)} />
            ))}
          </div>
          <Pagination page={list.page} hasMore={claims.data.hasMore} onChange={list.setPage} label="Paginação dos pedidos de garantia" />
        </div>
      )}
      <CloseDialog g={closing} onClose={() => setClosing(null)} />
    </AdminLayout>
  );
}
