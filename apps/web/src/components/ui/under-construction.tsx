import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from './page-title';

/** Honest placeholder for a screen that a later release delivers: no fake content. */
export function UnderConstruction({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="container page">
      <section className="card construction" aria-labelledby="uc-title">
        <Construction size={48} aria-hidden="true" />
        <h1 id="uc-title">{title}</h1>
        <p className="muted">Esta página está em construção. Estamos a prepará-la e ficará disponível em breve.</p>
        <Link className="btn btn-secondary" to="/">Voltar ao início</Link>
      </section>
    </div>
  );
}
