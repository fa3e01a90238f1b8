import { MapPin } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Rating } from '../../components/ui/stars';
import { Loading } from '../../components/ui/states';
import { SelosBadges } from '../../components/selos';
import { useTopProfissionais } from './home-api';

/** Top-rated professionals; hides itself on failure or when there is nobody to show. */
export function TopProfissionais() {
  const { data, isPending, isError } = useTopProfissionais();
  if (isError || (!isPending && data.length === 0)) return null;
  return (
    <section className="home-section home-section-alt" aria-labelledby="home-top">
      <div className="container">
        <header className="home-section-head">
          <h2 id="home-top">Profissionais mais bem avaliados</h2>
          <p className="muted">Técnicos com as melhores notas dadas pelos clientes da plataforma.</p>
        </header>
        {isPending ? (
          <Loading text="A carregar profissionais..." />
        ) : (
          <ul className="home-pros" role="list">
            {data.map((p) => {
              const [first, ...rest] = p.especialidadesLabels;
              const place = [p.cidade, p.bairro]
                .filter(Boolean)
                .filter((v, i, a) => a.indexOf(v) === i)
                .join(', ');
              return (
                <li className="card home-pro" key={p.id}>
                  <Avatar src={p.fotoUrl} alt={`Fotografia de ${p.nome}`} size={72} />
                  <div className="home-pro-info">
                    <h3>{p.nome}</h3>
                    {place && (
                      <p className="muted home-pro-place">
                        <MapPin size={14} aria-hidden /> {place}
                      </p>
                    )}
                    <div className="home-pro-meta">
                      <Rating value={p.notaMedia} />
                      <SelosBadges selos={p.selos} />
                    </div>
                    {first && (
                      <p className="home-pro-specialties">
                        {first}
                        {rest.length > 0 && <span className="muted"> e mais {rest.length}</span>}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
