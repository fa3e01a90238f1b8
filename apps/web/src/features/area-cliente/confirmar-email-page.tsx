import { useQuery } from '@tanstack/react-query';
import { CircleX, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CONFIRMATION_TEXTS as T, type ConfirmEmailResponse } from '@tc/shared';
import { usePageTitle } from '../../components/ui/page-title';
import { Loading } from '../../components/ui/states';
import { api, errorMessage } from '../../lib/api';
import { getToken } from '../../lib/session';
import { useResendConfirmation } from './email-confirmation';
import { ownClienteId } from './cliente-api';
import { Button } from '../../components/ui/button';
import './email-confirmation.css';

/**
 * /confirmar-email?t=…: the page the confirmation e-mail links to. It confirms once on opening
 * (the server answers the same for a link used twice) and says what happened.
 */
export function ConfirmarEmailPage() {
  usePageTitle('Confirmar e-mail');
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const result = useQuery({
    queryKey: ['confirmar-email', token],
    queryFn: () => api<ConfirmEmailResponse>(`/cliente/confirmar-email?t=${encodeURIComponent(token)}`, { method: 'POST' }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const signedIn = getToken('cliente') !== null;
  const clienteId = ownClienteId();
  const resend = useResendConfirmation();

  if (token !== '' && result.isPending) {
    return (
      <div className="container auth-page">
        <Loading text="A confirmar o seu e-mail..." />
      </div>
    );
  }

  const ok = result.isSuccess;
  const failure = token === '' ? T.linkInvalido : errorMessage(result.error, 'Não foi possível confirmar o e-mail. Tente novamente mais tarde.');
  const projetos = signedIn && clienteId !== null ? `/projetos/${clienteId}` : null;
  return (
    <div className="container auth-page">
      <div className="card card-narrow confirm-page" role={ok ? 'status' : 'alert'}>
        <span className={`confirm-icon ${ok ? 'confirm-ok' : 'confirm-fail'}`} aria-hidden>
          {ok ? <MailCheck size={32} /> : <CircleX size={32} />}
        </span>
        <h1>{ok ? T.confirmado : 'Não foi possível confirmar o e-mail'}</h1>
        {ok ? (
          <p>
            {result.data.jaConfirmado ? 'Este e-mail já estava confirmado: ' : 'Obrigado! '}
            <strong>{result.data.email}</strong> {result.data.jaConfirmado ? 'não precisa de fazer mais nada.' : 'está confirmado.'} Os seus projetos seguem
            para aprovação pela nossa equipa.
          </p>
        ) : (
          <p>{failure}</p>
        )}
        <div className="confirm-actions">
          {projetos ? (
            <Link className="btn btn-primary btn-block" to={projetos}>
              Ver os meus projetos
            </Link>
          ) : (
            <Link className="btn btn-primary btn-block" to="/areadocliente/login" state={ok ? { email: result.data.email } : undefined}>
              Iniciar sessão
            </Link>
          )}
          {!ok && signedIn && (
            <Button variant="outline" block onClick={() => void resend.send()} loading={resend.busy} loadingText="A enviar...">
              {T.reenviar}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
