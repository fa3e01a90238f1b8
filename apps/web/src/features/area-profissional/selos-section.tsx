import { useQuery } from '@tanstack/react-query';
import { Award, CircleCheck, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, type SelosResponse } from '@tc/shared';
import { ErrorState, Loading } from '../../components/ui/states';
import { api } from '../../lib/api';
import { SeloBadge } from '../../components/selos';
import './selos-section.css';

export const useSelos = (id: number | null) =>
  useQuery({
    queryKey: ['profissional', 'selos', id],
    queryFn: ({ signal }) => api<SelosResponse>('/profissional/selos', { as: 'profissional', signal }),
    enabled: id !== null,
  });

function SelosList({ data }: { data: SelosResponse }) {
  const earned = data.progresso.filter((p) => p.tem).length;
  return (
    <>
      <p className="selos-count">{earned === 0 ? 'Ainda não tem nenhum selo.' : earned === 1 ? 'Tem 1 de 4 selos.' : `Tem ${earned} de 4 selos.`}</p>
      <ul className="selos-grid">
        {data.progresso.map((p) => {
          const faltaId = `selo-falta-${p.selo}`;
          return (
            <li key={p.selo} className={`selo-card${p.tem ? ' selo-card-ok' : ''}`}>
              <h3 className="selo-card-title">
                <SeloBadge selo={p.selo} interactive={false} />
              </h3>
              <p className={`selo-card-status${p.tem ? ' ok' : ''}`}>
                {p.tem ? <CircleCheck size={18} aria-hidden /> : <CircleDashed size={18} aria-hidden />}
                {p.tem ? 'Tem este selo' : 'Ainda não tem este selo'}
              </p>
              <p className="selo-card-rule">{p.regra}</p>
              {!p.tem && p.faltas.length > 0 && (
                <>
                  <p className="selo-card-falta-title" id={faltaId}>
                    O que falta:
                  </p>
                  <ul className="selo-card-faltas" aria-labelledby={faltaId}>
                    {p.faltas.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </>
              )}
              {p.selo === 'VERIFICADO' && !p.tem && data.metricas.verificacao !== 'PENDENTE' && (
                <Link className="selo-card-link" to="/areadoprofissional/completar-perfil">
                  Enviar documentos
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className="muted small">
        Calculado em <time dateTime={data.calculadoEm}>{formatDateTime(data.calculadoEm)}</time>. Os selos aparecem no seu perfil, na pesquisa de profissionais
        e nas suas candidaturas.
      </p>
    </>
  );
}

/** "Os seus selos": which badges the professional has and, for the others, what is missing, in numbers. */
export function SelosSection({ id }: { id: number | null }) {
  const selos = useSelos(id);
  return (
    <section className="selos-section" aria-labelledby="selos-title">
      <h2 id="selos-title" className="selos-section-title">
        <Award size={24} aria-hidden /> Os seus selos
      </h2>
      <p className="muted selos-section-lead">Os clientes veem os seus selos ao lado do seu nome. Cada um tem regras claras, calculadas pela plataforma.</p>
      {id === null ? null : selos.isPending ? (
        <Loading text="A carregar os seus selos..." />
      ) : selos.isError ? (
        <ErrorState text="Não foi possível carregar os seus selos." onRetry={() => selos.refetch()} />
      ) : (
        <SelosList data={selos.data} />
      )}
    </section>
  );
}
