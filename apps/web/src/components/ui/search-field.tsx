import { useId, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';

interface Props {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  /** Keep the label for screen readers only (the placeholder says it on screen). */
  hideLabel?: boolean;
  className?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}

/** The one labelled search input with a magnifier, used by every list that searches. */
export function SearchField({ label, value, onChange, placeholder, hideLabel, className = 'field', onKeyDown }: Props) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <div className="search-box">
        <Search size={20} aria-hidden />
        <input
          id={id}
          className="input"
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint="search"
          autoComplete="off"
        />
      </div>
    </div>
  );
}
