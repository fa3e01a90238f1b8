import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { useReturnFocus } from '../../components/ui/return-focus';
import './garantias.css';

/**
 * The frame of the guarantee's three forms (the client's claim, the professional's answer, the
 * admin's closing): a modal that cannot be closed while sending, a title, an introduction that
 * describes it to screen readers, the fields, the form's own error and Cancelar / submit.
 */
export function GuaranteeDialog({
  open,
  busy,
  onClose,
  onSubmit,
  idPrefix,
  title,
  intro,
  formError,
  submit,
  children,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** From the caller's useId(): the introduction is `${idPrefix}-intro`. */
  idPrefix: string;
  title: string;
  intro: ReactNode;
  formError?: string;
  submit: { label: string; loadingText: string; variant: ButtonVariant };
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content guarantee-dialog" aria-describedby={`${idPrefix}-intro`}>
          <Dialog.Close className="dialog-x" aria-label="Fechar" disabled={busy}>
            <X size={20} aria-hidden />
          </Dialog.Close>
          <Dialog.Title asChild>
            <h2>{title}</h2>
          </Dialog.Title>
          <p className="muted" id={`${idPrefix}-intro`}>
            {intro}
          </p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {children}
            {formError && (
              <p className="alert alert-error" role="alert">
                {formError}
              </p>
            )}
            <div className="dialog-actions">
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button type="submit" variant={submit.variant} loading={busy} loadingText={submit.loadingText}>
                {submit.label}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
