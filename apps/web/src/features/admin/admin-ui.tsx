import type { ReactNode } from 'react';
import { CircleCheck, CircleDot, CircleX, Clock } from 'lucide-react';
import { M, PAYMENT_STATE_LABELS, PROJECT_STATUS_LABELS, REVIEW_STATUS_LABELS, type ProjectStatus, type ReviewStatus } from '@tc/shared';
import { SearchField as SharedSearchField } from '../../components/ui/search-field';
import { MessageDialog } from '../../components/ui/message-dialog';
import type { PaymentState } from './admin-api';

export { SEARCH_DEBOUNCE_MS, useListParams } from '../../lib/use-list-params';

/** Admin lists show the search label. */
export function SearchField(props: { label: string; value: string; onChange: (v: string) => void; placeholder?: string }) {
  return <SharedSearchField {...props} className="field admin-search" />;
}

/** Spec delete confirmation: 'Tem certeza?' / 'Esta ação não pode ser desfeita!' with 'Sim, excluir' / 'Cancelar'. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  onConfirm,
  busy,
  note,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  busy?: boolean;
  note?: ReactNode;
}) {
  return (
    <MessageDialog
      open={open}
      kind="warning"
      title={M.confirmTitle}
      text={
        note ? (
          <>
            {M.confirmText}
            <span className="dialog-note">{note}</span>
          </>
        ) : (
          M.confirmText
        )
      }
      confirmLabel={M.confirmYes}
      cancelLabel={M.confirmNo}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
    />
  );
}

/** Statuses are shown by their shared labels, never the stored code (issue 12). */
export const PROJECT_STATUS_TEXT = PROJECT_STATUS_LABELS;
const PROJECT_LOOK: Record<ProjectStatus, { Icon: typeof Clock; cls: string }> = {
  ESPERA: { Icon: Clock, cls: 'badge-warning' },
  ABERTO: { Icon: CircleDot, cls: '' },
  CONCLUIDO: { Icon: CircleCheck, cls: 'badge-success' },
};
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { Icon, cls } = PROJECT_LOOK[status];
  return (
    <span className={`badge ${cls}`}>
      <Icon size={14} aria-hidden /> {PROJECT_STATUS_TEXT[status]}
    </span>
  );
}

/** Reviews: ESPERA is shown 'Pendente', the API's NEGADO 'Reprovado' (spec §4). */
export const REVIEW_STATUS_TEXT = REVIEW_STATUS_LABELS;
const REVIEW_LOOK: Record<ReviewStatus, { Icon: typeof Clock; cls: string }> = {
  ESPERA: { Icon: Clock, cls: 'badge-warning' },
  APROVADO: { Icon: CircleCheck, cls: 'badge-success' },
  NEGADO: { Icon: CircleX, cls: 'badge-danger' },
};
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { Icon, cls } = REVIEW_LOOK[status];
  return (
    <span className={`badge ${cls}`}>
      <Icon size={14} aria-hidden /> {REVIEW_STATUS_TEXT[status]}
    </span>
  );
}

export const PAYMENT_STATE_TEXT: Record<PaymentState, string> = PAYMENT_STATE_LABELS;
const PAYMENT_LOOK: Record<PaymentState, { Icon: typeof Clock; cls: string }> = {
  PAGO: { Icon: CircleCheck, cls: 'badge-success' },
  PENDENTE: { Icon: Clock, cls: 'badge-warning' },
  CANCELADO: { Icon: CircleX, cls: 'badge-neutral' },
  FALHADO: { Icon: CircleX, cls: 'badge-danger' },
};
export function PaymentStateBadge({ estado }: { estado: PaymentState }) {
  const { Icon, cls } = PAYMENT_LOOK[estado];
  return (
    <span className={`badge ${cls}`}>
      <Icon size={14} aria-hidden /> {PAYMENT_STATE_TEXT[estado]}
    </span>
  );
}
