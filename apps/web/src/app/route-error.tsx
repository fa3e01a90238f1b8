import { Link } from 'react-router';

/** Shown if a screen crashes or its code cannot be loaded (e.g. after a deploy): never a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message);
  return (
    <div className="container page">
      <section className="card construction" role="alert">
        <h1>Algo correu mal</h1>
        <p className="muted">
          {chunk ? 'Há uma nova versão do site. Recarregue a página para continuar.' : 'Não foi possível mostrar esta página. Tente novamente.'}
        </p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
            Recarregar
          </button>
          <Link className="btn btn-outline" to="/">
            Voltar ao início
          </Link>
        </div>
      </section>
    </div>
  );
}
