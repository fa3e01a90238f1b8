import { MapPin, Wrench } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Rating } from '../../components/ui/stars';
import type { ProfissionalCard } from './profissionais-api';
import { SelosBadges } from '../../components/selos';

/** "Cidade, Distrito" (the district only when it adds something). */
export function localidade(cidade: string | null | undefined, bairro: string | null | undefined): string {
  const parts = [cidade?.trim(), bairro?.trim()].filter((p): p is string => !!p);
  const unique = parts.filter((p, i) => parts.findIndex((o) => o.toLowerCase() === p.toLowerCase()) === i);
  return unique.join(', ');
}

export const especialidadesTexto = (labels: string[] | null | undefined) => (labels && labels.length ? labels.join(', ') : 'Não informado');

/** One result of the professional search (spec §2). */
export function ProfissionalResultCard({ p }: { p: ProfissionalCard }) {
  const local = localidade(p.cidade, p.bairro);
  const { search } = useLocation();
  return (
    <li className="card pro-card">
      <div className="pro-card-head">
        <Avatar src={p.fotoUrl} alt="" size={64} />
        <div className="pro-card-title">
          <h2 className="pro-card-name">{p.nome}</h2>
          <div className="pro-card-meta">
            <Rating value={p.notaMedia} />
            <SelosBadges selos={p.selos} />
          </div>
        </div>
      </div>
      <p className="pro-card-line">
        <Wrench size={16} aria-hidden />
        <span>
          <span className="sr-only">Especialidades: </span>
          {especialidadesTexto(p.especialidadesLabels)}
        </span>
      </p>
      <p className="pro-card-line">
        <MapPin size={16} aria-hidden />
        <span>
          <span className="sr-only">Localização: </span>
          {local || 'Não informado'}
        </span>
      </p>
      <div className="pro-card-foot">
        <Link className="btn btn-outline" to={`/profissionais/${p.id}`} state={{ search }}>
          Ver<span className="sr-only"> o perfil de {p.nome}</span>
        </Link>
      </div>
    </li>
  );
}
