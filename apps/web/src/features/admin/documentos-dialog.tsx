import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { ClipboardList, ImageOff, ShieldCheck, ShieldX, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { MessageDialog } from '../../components/ui/message-dialog';
import { api, errorMessage } from '../../lib/api';
import { getToken } from '../../lib/session';
import { adminKeys, type AdminProfissional } from './admin-api';
import { VerificationBadge } from './verification-badge';

type Side = 'frente' | 'verso';
type ImageState = { status: 'loading' } | { status: 'ok'; url: string } | { status: 'missing'; message: string } | { status: 'error'; message: string };

const MISSING: Record<Side, string> = { frente: 'Foto frente não disponível.', verso: 'Foto verso não disponível.' };
const SIDE_LABEL: Record<Side, string> = { frente: 'Frente', verso: 'Verso' };

/**
 * The ID-card images are private: fetched with the admin token (never a plain <img src>), held as
 * object URLs while the dialog is open and released when it closes.
 */
function useDocument(profissionalId: number, side: Side): ImageState {
  const [state, setState] = useState<ImageState>({ status: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    const token = getToken('admin');
    fetch(`/api/admin/profissionais/${profissionalId}/documentos/${side}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: ctrl.signal,
      cache: 'no-store',
    })
      .then(async (res) => {
        if (res.status === 404) return setState({ status: 'missing', message: MISSING[side] });
        if (!res.ok) {
          const data = await res.json().catch(() => null);
          return setState({ status: 'error', message: data?.message ?? 'Não foi possível carregar a imagem.' });
        }
        url = URL.createObjectURL(await res.blob());
        if (ctrl.signal.aborted) {
          URL.revokeObjectURL(url);
          return;
        }
        setState({ status: 'ok', url });
      })
      .catch((e) => {
        if ((e as Error).name !== 'AbortError') setState({ status: 'error', message: 'Sem ligação ao servidor. Tente novamente.' });
      });
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [profissionalId, side]);
  return state;
}

function DocumentImage({ profissional, side }: { profissional: AdminProfissional; side: Side }) {
  const doc = useDocument(profissional.id, side);
  return (
    <figure className="doc-figure">
      <figcaption>{SIDE_LABEL[side]}</figcaption>
      <div className={`doc-frame ${doc.status}`}>
        {doc.status === 'loading' && (
          <span className="doc-msg" role="status">
            <span className="spinner" aria-hidden /> A carregar...
          </span>
        )}
        {doc.status === 'ok' && <img src={doc.url} alt={`Cartão de Cidadão de ${profissional.nome}: ${SIDE_LABEL[side].toLowerCase()}`} />}
        {(doc.status === 'missing' || doc.status === 'error') && (
          <span className="doc-msg" role={doc.status === 'error' ? 'alert' : undefined}>
            <ImageOff size={28} aria-hidden /> {doc.message}
          </span>
        )}
      </div>
    </figure>
  );
}

type Decision = 'VERIFICADO' | 'RECUSADO';

export function DocumentosDialog({ profissional, onClose }: { profissional: AdminProfissional | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, decisao }: { id: number; decisao: Decision }) =>
      api(`/admin/profissionais/${id}/verificacao`, { method: 'POST', body: { decisao }, as: 'admin' }),
    onSuccess: (_d, { decisao }) => {
      toast.success(decisao === 'VERIFICADO' ? 'Profissional marcado como verificado.' : 'Verificação recusada.', {
        description: 'As imagens do Cartão de Cidadão foram eliminadas.',
      });
      setConfirm(null);
      qc.invalidateQueries({ queryKey: adminKeys.profissionais });
      qc.invalidateQueries({ queryKey: adminKeys.stats });
      qc.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
    onError: (e) => {
      setConfirm(null);
      toast.error('Não foi possível registar a decisão.', { description: errorMessage(e, '') || undefined });
    },
  });

  const open = profissional !== null;
  const hasDocs = !!profissional && (profissional.temFrente || profissional.temVerso);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          onClose();
          qc.invalidateQueries({ queryKey: adminKeys.audit });
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content doc-dialog">
          {profissional && (
            <>
              <div className="doc-head">
                <Dialog.Title asChild>
                  <h2>Documentos de {profissional.nome}</h2>
                </Dialog.Title>
                <Dialog.Close asChild>
                  <button type="button" className="icon-btn" aria-label="Fechar">
                    <X size={20} aria-hidden />
                  </button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="doc-note">
                <ClipboardList size={16} aria-hidden /> Cada visualização destes documentos fica registada no registo de auditoria.
              </Dialog.Description>
              <div className="doc-status">
                <span className="muted">Verificação:</span> <VerificationBadge profissional={profissional} />
              </div>
              <div className="doc-grid">
                <DocumentImage profissional={profissional} side="frente" />
                <DocumentImage profissional={profissional} side="verso" />
              </div>
              {hasDocs ? (
                <>
                  <p className="doc-warning">
                    Depois da decisão, as imagens do Cartão de Cidadão são eliminadas de forma permanente (Lei 7/2007). Fica apenas registado o resultado, quem
                    decidiu e quando.
                  </p>
                  <div className="dialog-actions doc-actions">
                    <Button variant="outline" onClick={() => setConfirm('RECUSADO')}>
                      <ShieldX size={18} aria-hidden /> Recusar
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirm('VERIFICADO')}>
                      <ShieldCheck size={18} aria-hidden /> Marcar como verificado
                    </Button>
                  </div>
                </>
              ) : (
                <div className="dialog-actions doc-actions">
                  <Dialog.Close asChild>
                    <Button variant="outline">Fechar</Button>
                  </Dialog.Close>
                </div>
              )}
              <MessageDialog
                open={confirm !== null}
                kind={confirm === 'VERIFICADO' ? 'success' : 'warning'}
                title={confirm === 'VERIFICADO' ? 'Marcar como verificado?' : 'Recusar a verificação?'}
                text={`${confirm === 'VERIFICADO' ? `${profissional.nome} passa a mostrar o selo Verificado.` : `${profissional.nome} fica sem o selo Verificado.`} As imagens do Cartão de Cidadão são depois eliminadas de forma permanente e esta decisão não pode ser desfeita.`}
                confirmLabel={confirm === 'VERIFICADO' ? 'Sim, verificar' : 'Sim, recusar'}
                cancelLabel="Cancelar"
                onClose={() => !decide.isPending && setConfirm(null)}
                onConfirm={() => confirm && decide.mutate({ id: profissional.id, decisao: confirm })}
                busy={decide.isPending}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
