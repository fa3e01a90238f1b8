import type { ReactNode } from 'react';
import empty from '../../assets/empty-state.svg';
import { Button } from './button';

export function Loading({ text = 'A carregar...' }: { text?: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden /> {text}
    </div>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{text}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Tentar novamente
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <img src={empty} alt="" width={160} height={107} />
      <p>{text}</p>
      {children}
    </div>
  );
}
