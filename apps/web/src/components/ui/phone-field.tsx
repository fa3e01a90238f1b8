import PhoneInput from 'react-phone-number-input';
import pt from 'react-phone-number-input/locale/pt.json';
// Bundled flags: the default loads them from a CDN, which our Content-Security-Policy (rightly) blocks.
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import { useId } from 'react';

interface Props {
  label: string;
  value: string | undefined;
  onChange: (v: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
}

/** International phone input fixed to Portugal (+351, country cannot be changed), spec §2. */
export function PhoneField({ label, value, onChange, onBlur, error, name }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <PhoneInput
        id={id}
        name={name}
        className={`phone-input${error ? ' invalid' : ''}`}
        international
        countryCallingCodeEditable={false}
        defaultCountry="PT"
        countries={['PT']}
        labels={pt}
        flags={flags}
        value={value || undefined}
        onChange={(v) => onChange(v ?? '')}
        onBlur={onBlur}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="tel"
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
