import { MailWarning } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_CONFIRMATION_TEXTS as T, type ConfirmationResent } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { getLocal } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { useClienteAccount } from './cliente-api';
import './email-confirmation.css';

/** "Reenviar e-mail de confirmação" (the server limits how many per account); a double click sends once. */
export function useResendConfirmation() {
  const mutation = useResendMutation();
  const [send, busy] = useSingleFlight(async () => {
    await mutation.mutateAsync().catch(() => {});
  });
  return { send, busy };
}

function useResendMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<ConfirmationResent>('/cliente/reenviar-confirmacao', { method: 'POST', as: 'cliente' }),
    onSuccess: (r) => toast.success(r.message, { description: `Abra o link que enviámos para ${r.email}.` }),
    onError: (e) => {
      toast.error(errorMessage(e, 'Não foi possível reenviar o e-mail. Tente novamente.'));
      // Confirmed meanwhile (in another tab): the notice goes away.
      void qc.invalidateQueries({ queryKey: ['account', 'cliente'] });
    },
  });
}

/**
 * While the client's e-mail is unconfirmed, its projects wait before the approval queue: says so,
 * and offers a new link. Nothing shows when confirmed (or while the account is loading).
 */
export function EmailConfirmationNotice() {
  const account = useClienteAccount(getLocal('email'));
  const resend = useResendConfirmation();
  if (account.data?.emailConfirmado !== false) return null;
  return (
    <section className="alert alert-warning email-notice" aria-labelledby="email-notice-title">
      <MailWarning size={22} aria-hidden className="email-notice-icon" />
      <div className="email-notice-body">
        <h2 id="email-notice-title" className="email-notice-title">
          {T.aguardaProjeto}
        </h2>
        <p>
          Enviámos um link para <strong>{account.data.email}</strong>. Enquanto o e-mail não for confirmado, os seus projetos ficam <strong>Em análise</strong>{' '}
          sem seguir para a nossa equipa.
        </p>
        <Button variant="outline" onClick={() => void resend.send()} loading={resend.busy} loadingText="A enviar...">
          {T.reenviar}
        </Button>
      </div>
    </section>
  );
}
