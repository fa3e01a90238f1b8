import { useState } from 'react';
import { FileText, Mail, MapPin, Phone } from 'lucide-react';
import { formatDate, VERIFICATION_STATUS_LABELS, VERIFICATION_STATUSES, type GarantiaNumeros } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { Rating } from '../../components/ui/stars';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { AdminLayout } from './admin-layout';
import { useAdminProfissionais, verificationOf, type AdminProfissional } from './admin-api';
import { SearchField, useListParams } from './admin-ui';
import { DocumentosDialog } from './documentos-dialog';
import { VerificationBadge } from './verification-badge';
import { AdminGuaranteeFigures, useAdminGuaranteeFigures } from '../garantias';

const VERIFICACOES = [{ value: '', label: 'Todas' }, ...VERIFICATION_STATUSES.map((s) => ({ value: s, label: VERIFICATION_STATUS_LABELS[s] }))];

function ProfissionalCard({ p, onDocs, garantias }: { p: AdminProfissional; onDocs: () => void; garantias?: GarantiaNumeros }) {
  const titleId = `prof-${p.id}-nome`;
  const local = [p.cidade, p.bairro].filter(Boolean).join(', ');
  return (
    <article className="card admin-item prof-item" aria-labelledby={titleId}>
      <div className="prof-head">
        <Avatar src={p.fotoUrl} alt="" size={56} />
        <div className="prof-id">
          <h2 id={titleId} className="item-title">
            {p.nome}
          </h2>
          <p className="muted prof-since">
            Registado em {formatDate(p.criadoEm)} <span aria-hidden="true">·</span> <Rating value={p.notaMedia} />
          </p>
        </div>
      </div>
      <div className="prof-verif">
        <VerificationBadge profissional={p} />
      </div>
      <AdminGuaranteeFigures n={garantias} />
      <ul className="meta-list meta-contacts">
        <li>
          <Mail size={16} aria-hidden /> <span className="sr-only">E-mail: </span>
          <a href={`mailto:${p.email}`} className="break">
            {p.email}
          </a>
        </li>
        <li>
          <Phone size={16} aria-hidden /> <span className="sr-only">Telemóvel: </span>
          {p.telefone || <span className="muted">Telemóvel não indicado</span>}
        </li>
        <li>
          <MapPin size={16} aria-hidden /> <span className="sr-only">Localidade: </span>
          {local || <span className="muted">Localidade não indicada</span>}
        </li>
      </ul>
      <div className="chips-row">
        <span className="sr-only">Especialidades:</span>
        {p.especialidadesLabels.length === 0 ? (
          <span className="muted">Sem especialidades indicadas</span>
        ) : (
          <ul className="chips">
            {p.especialidadesLabels.map((l) => (
              <li key={l} className="chip">
                {l}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="item-actions">
        <Button variant="outline" onClick={onDocs} aria-label={`Ver Documentos de ${p.nome}`}>
          <FileText size={18} aria-hidden /> Ver Documentos
        </Button>
      </div>
    </article>
  );
}

export function AdminProfissionaisPage() {
  const list = useListParams();
  const verificacao = verificationOf(list.get('verificacao'));
  const profs = useAdminProfissionais(list.q, verificacao, list.page);
  const [open, setOpen] = useState<AdminProfissional | null>(null);
  // The guarantee figures of the page's professionals, in one request.
  const figures = useAdminGuaranteeFigures(profs.data?.items.map((p) => p.id) ?? []);
  const figuresOf = (id: number) => figures.data?.find((n) => n.profissionalId === id);

  return (
    <AdminLayout title="Profissionais" lead="Contactos, especialidades e verificação de identidade. Os pedidos de verificação pendentes aparecem primeiro.">
      <div className="admin-toolbar card" role="search" aria-label="Filtrar profissionais">
        <div className="toolbar-fields">
          <SearchField label="Pesquisar por nome" placeholder="Nome ou e-mail do profissional" value={list.text} onChange={list.setText} />
          <SelectField label="Verificação" value={verificacao} onChange={(e) => list.set('verificacao', e.target.value)}>
            {VERIFICACOES.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      {profs.isPending ? (
        <Loading text="A carregar profissionais..." />
      ) : profs.isError ? (
        <ErrorState text="Não foi possível carregar os profissionais." onRetry={() => profs.refetch()} />
      ) : profs.data.items.length === 0 ? (
        <EmptyState text={list.q || verificacao ? 'Nenhum profissional encontrado com estes filtros.' : 'Ainda não há profissionais registados.'} />
      ) : (
        <div aria-busy={profs.isFetching || undefined}>
          <div className="admin-list two">
            {profs.data.items.map((p) => (
              <ProfissionalCard key={p.id} p={p} onDocs={() => setOpen(p)} garantias={figuresOf(p.id)} />
            ))}
          </div>
          <Pagination page={list.page} hasMore={profs.data.hasMore} onChange={list.setPage} label="Paginação dos profissionais" />
        </div>
      )}
      <DocumentosDialog profissional={open} onClose={() => setOpen(null)} />
    </AdminLayout>
  );
}
