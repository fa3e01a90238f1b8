import type { ReactNode } from 'react';
import { M } from '@tc/shared';
import { MessageDialog } from './ui/message-dialog';

/** Which message the "Completar Perfil" form shows: none, done, failed, or no account id in the session. */
export type ProfileCompletionDialog = null | 'success' | 'error' | 'noId';

/**
 * The three messages of both "Completar Perfil" forms (client and professional): the same titles and
 * buttons from the spec; only the failure text differs (the client's keeps the spec's spelling).
 */
export function ProfileCompletionDialogs({ dialog, errorText, onClose }: { dialog: ProfileCompletionDialog; errorText: ReactNode; onClose: () => void }) {
  return (
    <>
      <MessageDialog open={dialog === 'success'} kind="success" title={M.perfilOkTitle} text={M.perfilOkText} confirmLabel="Continuar" onClose={onClose} />
      <MessageDialog open={dialog === 'error'} kind="error" title={M.perfilErroTitle} text={errorText} onClose={onClose} />
      <MessageDialog open={dialog === 'noId'} kind="error" title={M.perfilErroTitle} text={M.idInvalido} confirmLabel="Iniciar sessão" onClose={onClose} />
    </>
  );
}
