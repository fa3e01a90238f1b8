import { CircleCheck, CircleDot, Clock } from 'lucide-react';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@tc/shared';

const LOOK: Record<ProjectStatus, { Icon: typeof Clock; cls: string }> = {
  ESPERA: { Icon: Clock, cls: 'badge-warning' },
  ABERTO: { Icon: CircleDot, cls: '' },
  CONCLUIDO: { Icon: CircleCheck, cls: 'badge-success' },
};

/** Project status with an icon, so it does not rely on colour alone. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { Icon, cls } = LOOK[status];
  return (
    <span className={['badge', 'status-badge', cls].filter(Boolean).join(' ')}>
      <Icon size={14} aria-hidden /> {PROJECT_STATUS_LABELS[status]}
    </span>
  );
}
