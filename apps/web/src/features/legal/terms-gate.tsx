import { useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { useMutation } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LEGAL_PATHS, TERMOS_VERSAO } from '@tc/shared/catalogue/legal';
import { TERMOS_M, type AceitarTermosResponse } from '@tc/shared/schemas/termos';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { clearSession, clearTermsPending, LOGIN_PATH } from '../../lib/session';
import { versaoLonga } from './legal-page';
import './legal.css';

/**
 * Where the dialog stands aside: the legal pages themselves, and "Minha Conta", so a person who does
 * not agree can still download their data and delete the account without accepting.
 */
const OPEN_PATHS = [LEGAL_PATHS.termos, LEGAL_PATHS.privacidade, LEGAL_PATHS.cookies, '/conta'];
const isOpenPath = (pathname: string) => OPEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * Shown after a log-in whose answer said `termosPorAceitar: true` (docs/decisions/0016): a modal the
 * person cannot dismiss (focus stays inside; Esc and clicks outside do nothing) until they accept
 * the current version or leave.
 */
export function TermsGate({ role }: { role: 'cliente' | 'profissional' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const accept = useMutation({
    mutationFn: () => api<AceitarTermosResponse>('/termos/aceitar', { method: 'POST', body: { versao: TERMOS_VERSAO }, as: role }),
    onSuccess: () => {
      clearTermsPending();
      setDone(true);
      toast.success(TERMOS_M.aceites);
    },
    onError: (e) => setFailure(errorMessage(e, 'Não foi possível registar a aceitação. Tente novamente.')),
  });

  // Once accepted, focus goes to the page's heading (nothing on the page opened this dialog).
  const returnFocus = useReturnFocus(true);
  if (done || isOpenPath(pathname)) return null;

  const leave = async () => {
    await navigate(LOGIN_PATH[role], { replace: true });
    clearSession();
  };
  const keep = (e: Event) => e.preventDefault();

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={content}
          className="dialog-content terms-dialog"
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={keep}
          onPointerDownOutside={keep}
          onInteractOutside={keep}
          // Focus the dialog itself (its title and text are read first), not "Aceitar": nobody accepts by pressing Enter.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            content.current?.focus();
          }}
        >
          <span className="dialog-icon warning" aria-hidden="true">
            <FileText size={30} />
          </span>
          <Dialog.Title asChild>
            <h2>Termos e Condições atualizados</h2>
          </Dialog.Title>
          <Dialog.Description>
            Atualizámos os Termos e Condições e a Política de Privacidade (versão de {versaoLonga()}). Para continuar a usar a sua conta, leia-os e aceite a
            nova versão.
          </Dialog.Description>
          <ul className="terms-dialog-links">
            <li>
              <a href={LEGAL_PATHS.termos} target="_blank" rel="noopener">
                Termos e Condições<span className="sr-only"> (abre num novo separador)</span>
              </a>
            </li>
            <li>
              <a href={LEGAL_PATHS.privacidade} target="_blank" rel="noopener">
                Política de Privacidade<span className="sr-only"> (abre num novo separador)</span>
              </a>
            </li>
          </ul>
          <p className="terms-dialog-note">
            Se não concordar, pode descarregar os seus dados e eliminar a conta em <Link to="/conta">Minha Conta</Link>, ou sair.
          </p>
          {failure && (
            <p className="alert alert-error" role="alert">
              {failure}
            </p>
          )}
          <div className="dialog-actions">
            <Button variant="outline" onClick={() => void leave()} disabled={accept.isPending}>
              Sair
            </Button>
            <Button
              onClick={() => {
                setFailure(null);
                accept.mutate();
              }}
              loading={accept.isPending}
              loadingText="A registar..."
            >
              Aceitar
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
