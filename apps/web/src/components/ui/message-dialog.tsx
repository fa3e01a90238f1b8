import * as Dialog from '@radix-ui/react-dialog';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

export interface MessageDialogProps {
  open: boolean;
  kind: 'success' | 'error' | 'warning';
  title: string;
  text?: ReactNode;
  confirmLabel?: string;
  onClose: () => void;
  /** When given, shows a second (cancel) button and calls this on confirm. */
  onConfirm?: () => void;
  cancelLabel?: string;
  busy?: boolean;
}

const ICON = { success: CheckCircle2, error: XCircle, warning: AlertTriangle };

/** Accessible modal for the spec's success, error and confirmation messages (focus trapped, Esc closes). */
export function MessageDialog({ open, kind, title, text, confirmLabel = 'OK', onClose, onConfirm, cancelLabel = 'Cancelar', busy }: MessageDialogProps) {
  const Icon = ICON[kind];
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" role={onConfirm ? 'alertdialog' : 'dialog'} onCloseAutoFocus={returnFocus}>
          <span className={`dialog-icon ${kind}`} aria-hidden="true">
            <Icon size={32} />
          </span>
          <Dialog.Title asChild>
            <h2>{title}</h2>
          </Dialog.Title>
          {text ? <Dialog.Description>{text}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
          <div className="dialog-actions">
            {onConfirm && (
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {cancelLabel}
              </Button>
            )}
            <Button variant={onConfirm && kind !== 'success' ? 'danger' : 'secondary'} onClick={onConfirm ?? onClose} loading={busy} autoFocus>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
