import { Link } from 'react-router';
import { XCircle } from 'lucide-react';
import { usePageTitle } from '../../components/ui/page-title';
import { getToken, useSession } from '../../lib/session';
import './creditos.css';

export function CanceladoPage() {
  usePageTitle('Compra cancelada');
  useSession();
  const profissional = getToken('profissional') !== null;
  return (
    <div className="container page">
      <section className="card card-narrow notice-card result-card">
        <span className="notice-icon" aria-hidden>
          <XCircle size={36} />
        </span>
        <h1>Compra cancelada</h1>
        <p className="notice-lead">
          A compra foi cancelada e <strong>nenhum valor foi cobrado</strong>.
        </p>
        <p className="muted">Pode escolher outro plano ou outra forma de pagamento quando quiser: os planos não têm subscrição e os créditos não expiram.</p>
        <div className="notice-actions">
          <Link to="/creditos" className="btn btn-primary">
            Voltar aos planos de créditos
          </Link>
          {profissional && (
            <Link to="/areadoprofissional/menu" className="btn btn-outline">
              Ir para a Área do Profissional
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
