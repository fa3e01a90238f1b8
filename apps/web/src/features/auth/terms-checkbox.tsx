import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { LEGAL_PATHS } from '@tc/shared/catalogue/legal';
import './terms-checkbox.css';

/** The text of the required sign-up checkbox (exact, from issue 12). */
export const TERMS_CHECKBOX_LABEL = 'Li e aceito os Termos e Condições e a Política de Privacidade';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { error?: string };

/**
 * "Li e aceito os Termos e Condições e a Política de Privacidade", each a link that opens the page
 * in a new tab (the form keeps what was typed). Registered with react-hook-form as `aceitaTermos`.
 */
export const TermsCheckbox = forwardRef<HTMLInputElement, Props>(function TermsCheckbox({ error, id, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={`terms-check${error ? ' invalid' : ''}`}>
      <div className="terms-check-row">
        <input ref={ref} id={fid} type="checkbox" aria-invalid={!!error} aria-describedby={`${fid}-novo${error ? ` ${fid}-error` : ''}`} {...rest} />
        <label htmlFor={fid}>
          Li e aceito os{' '}
          <a href={LEGAL_PATHS.termos} target="_blank" rel="noopener">
            Termos e Condições
          </a>{' '}
          e a{' '}
          <a href={LEGAL_PATHS.privacidade} target="_blank" rel="noopener">
            Política de Privacidade
          </a>
        </label>
      </div>
      <span className="sr-only" id={`${fid}-novo`}>
        Os Termos e a Política abrem num novo separador.
      </span>
      {error && (
        <p className="field-error" id={`${fid}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
