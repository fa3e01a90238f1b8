import { useId } from 'react';
import { SPECIALTY_GROUPS } from '@tc/shared';

const countText = (n: number) => (n === 1 ? '1 selecionada' : `${n} selecionadas`);

interface Props {
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * The 39 specialties as real checkboxes, one fieldset per group (spec §2 "multi-select grouped
 * specialties"): every option is reachable with Tab/Space and announced with its group.
 */
export function SpecialtyPicker({ value, onChange, onBlur, error }: Props) {
  const id = useId();
  const chosen = new Set(value);
  const toggle = (v: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(v);
    else next.delete(v);
    // Keep the catalogue order, so the request is stable whatever order the boxes were ticked in.
    onChange(SPECIALTY_GROUPS.flatMap((g) => g.items.map((i) => i.value)).filter((x) => next.has(x)));
  };
  return (
    <fieldset
      className={`specialty-picker${error ? ' invalid' : ''}`}
      aria-describedby={[`${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      onBlur={onBlur}
    >
      <legend>Especialidades</legend>
      <div className="specialty-head">
        <p className="field-hint">Escolha todos os serviços que faz. Recebe pedidos destas áreas.</p>
        <span className={`badge${value.length ? '' : ' badge-muted'}`} id={`${id}-count`} aria-live="polite">
          {countText(value.length)}
        </span>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="specialty-groups">
        {SPECIALTY_GROUPS.map((g) => {
          const inGroup = g.items.filter((i) => chosen.has(i.value)).length;
          return (
            <fieldset key={g.value} className="specialty-group">
              <legend>
                {g.label}
                {inGroup > 0 && <span className="specialty-group-count"> ({countText(inGroup)})</span>}
              </legend>
              <ul>
                {g.items.map((item) => (
                  <li key={item.value}>
                    <label className="check">
                      <input
                        type="checkbox"
                        name="especialidades"
                        value={item.value}
                        checked={chosen.has(item.value)}
                        aria-invalid={error ? true : undefined}
                        onChange={(e) => toggle(item.value, e.target.checked)}
                      />
                      <span>{item.label}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
