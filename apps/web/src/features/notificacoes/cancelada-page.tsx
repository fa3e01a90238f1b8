import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailWarning } from 'lucide-react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATIONS_TEXTS as TXT, type SwitchableKind } from '@tc/shared/catalogue/notificacoes';
import { usePageTitle } from '../../components/ui/page-title';
import './notificacoes.css';

/**
 * Where the unsubscribe link of an e-mail leads (the API has already switched the kinds off): says
 * what was switched off, with a way back to the preferences. No session needed.
 */
export function CanceladaPage() {
  const [params] = useSearchParams();
  const failed = params.has('erro');
  const kinds = (params.get('tipos') ?? '').split(',').filter((k): k is SwitchableKind => k in NOTIFICATION_KIND_LABELS);
  usePageTitle(failed ? 'Link inválido' : TXT.canceladaTitulo);
  return (
    <div className="container page cancelada-page">
      <section className="card">
        {failed ? (
          <>
            <MailWarning size={48} className="cancelada-icon erro" aria-hidden />
            <h1>Link inválido</h1>
            <p className="muted">{TXT.linkInvalido}</p>
          </>
        ) : (
          <>
            <MailCheck size={48} className="cancelada-icon" aria-hidden />
            <h1>{TXT.canceladaTitulo}</h1>
            {kinds.length > 0 && (
              <>
                <p className="muted">Não voltará a receber por e-mail:</p>
                <ul>
                  {kinds.map((k) => (
                    <li key={k}>{NOTIFICATION_KIND_LABELS[k]}</li>
                  ))}
                </ul>
              </>
            )}
            <p className="muted">Continua a ver estas notificações no sino, quando inicia sessão. Pode voltar a ligá-las quando quiser.</p>
          </>
        )}
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link className="btn btn-secondary" to="/conta#notificacoes">
            Preferências de notificação
          </Link>
          <Link className="btn btn-outline" to="/">
            Ir para o início
          </Link>
        </div>
      </section>
    </div>
  );
}
