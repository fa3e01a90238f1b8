import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'ghost';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  loading?: boolean;
  /** Text shown while loading (defaults to the normal label). */
  loadingText?: ReactNode;
}

/** The one button. While `loading` it is disabled and shows a spinner, so a double click sends once. */
export function Button({ variant = 'primary', block, loading, loadingText, disabled, children, className, type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={['btn', `btn-${variant}`, block && 'btn-block', className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="spinner" aria-hidden="true" />}
      {loading ? (loadingText ?? children) : children}
    </button>
  );
}
