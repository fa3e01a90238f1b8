import { Quote } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Carousel } from '../../components/ui/carousel';
import { starString } from '../../components/ui/stars';
import { Loading } from '../../components/ui/states';
import { useRecentReviews } from './home-api';

/** Recent client testimonials. Spec §6: a failure is silent, so on error (or with none) the section hides. */
export function Testimonials() {
  const { data, isPending, isError } = useRecentReviews();
  if (isError || (!isPending && data.length === 0)) return null;
  return (
    <section className="home-section" aria-labelledby="home-testemunhos">
      <div className="container">
        <header className="home-section-head">
          <h2 id="home-testemunhos">O que dizem os nossos clientes</h2>
          <p className="muted">Avaliações reais, publicadas depois de cada serviço concluído.</p>
        </header>
        {isPending ? (
          <Loading text="A carregar testemunhos..." />
        ) : (
          <Carousel label="Testemunhos de clientes">
            {data.map((r) => (
              <figure className="card home-testimonial" key={r.id}>
                <Quote className="home-testimonial-mark" size={28} aria-hidden />
                <p className="home-stars" role="img" aria-label={`Nota: ${r.nota} de 5`}>
                  {starString(r.nota)}
                </p>
                <blockquote>
                  <p>{r.comentario}</p>
                </blockquote>
                <figcaption>
                  <span className="home-testimonial-client">{r.cliente.nome}</span>
                  <span className="home-testimonial-pro">
                    <Avatar src={r.fotoUrl} alt={`Fotografia de ${r.nome}`} size={40} />
                    <span>
                      <span className="home-testimonial-pro-label">Profissional avaliado</span>
                      <strong>{r.nome}</strong>
                    </span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
