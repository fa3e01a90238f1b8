import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { Coins, X } from 'lucide-react';
import { Link } from 'react-router';
import { LEAD_REPORT_DAYS, M } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { creditsText } from './job-bits';

interface Props {
  open: boolean;
  titulo: string;
  price: number;
  /** Current balance, or null when it could not be read (the server checks it anyway). */
  balance: number | null;
  balanceLoading: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const n = (v: number) => v.toLocaleString('pt-PT');

/**
 * Confirmation before spending credits: the price, the balance now and after. With too few credits it
 * says so and offers the plans instead of a confirm button.
 */
export function ApplyDialog({ open, titulo, price, balance, balanceLoading, busy, onConfirm, onClose }: Props) {
  const short = balance !== null && balance < price;
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content apply-dialog" role="alertdialog" aria-describedby="apply-text">
          <Dialog.Close className="dialog-x" aria-label="Fechar" disabled={busy}>
            <X size={20} aria-hidden />
          </Dialog.Close>
          <span className={`dialog-icon ${short ? 'warning' : 'success'}`} aria-hidden="true">
            <Coins size={30} />
          </span>
          <Dialog.Title asChild>
            <h2>{short ? 'Créditos insuficientes' : 'Confirmar candidatura'}</h2>
          </Dialog.Title>
          <p className="apply-job">{titulo}</p>
          <div id="apply-text" className="apply-text">
            {balanceLoading ? (
              <p>A verificar o seu saldo...</p>
            ) : balance === null ? (
              <p>Vai gastar {creditsText(price)}. Não foi possível confirmar o seu saldo agora; se não chegar, a candidatura não é feita.</p>
            ) : short ? (
              <>
                <p>
                  Esta candidatura custa {creditsText(price)} e o seu saldo é de {creditsText(balance)}.
                </p>
                <p className="apply-short">{M.creditosInsuficientes}</p>
              </>
            ) : (
              <p>
                Vai gastar {creditsText(price)}. Saldo atual: {n(balance)} → {n(balance - price)}.
              </p>
            )}
            {!short && <p className="muted small">Depois de confirmar, vê logo o contacto e o email do cliente.</p>}
            <p className="muted small apply-rules">
              Devolvemos os créditos se o projeto for removido ou cancelado antes de o cliente escolher um profissional. Contacto inválido, sem resposta ou
              duplicado? Reporte-o em «Chamados agendados» nos {LEAD_REPORT_DAYS} dias seguintes.
            </p>
          </div>
          <div className="dialog-actions">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            {short ? (
              <Link to="/creditos" className="btn btn-primary">
                Comprar créditos
              </Link>
            ) : (
              <Button variant="primary" onClick={onConfirm} loading={busy} loadingText="A enviar..." disabled={balanceLoading} autoFocus>
                Confirmar candidatura
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
