import { Link } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';

export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <div className="container page">
      <section className="card construction">
        <h1>Página não encontrada</h1>
        <p className="muted">O endereço que abriu não existe ou foi mudado.</p>
        <Link className="btn btn-secondary" to="/">
          Voltar ao início
        </Link>
      </section>
    </div>
  );
}
