import { forwardRef } from 'react';
import { billingDetails, FATURACAO_MORADA_MAX, FATURACAO_NOME_MAX, NIF_MAX_INPUT, type BillingDetails } from '@tc/shared';
import { TextAreaField, TextField } from '../../components/ui/field';

export interface BillingForm {
  nif: string;
  faturacaoNome: string;
  faturacaoMorada: string;
}
export type BillingErrors = Partial<Record<keyof BillingForm, string>>;
export const EMPTY_BILLING: BillingForm = { nif: '', faturacaoNome: '', faturacaoMorada: '' };

/** The same schema as the API: blank fields are left out, the NIF is checked with its check digit. */
export function checkBilling(form: BillingForm): { ok: true; data: BillingDetails; errors: BillingErrors } | { ok: false; errors: BillingErrors } {
  const parsed = billingDetails.safeParse(form);
  if (parsed.success) return { ok: true, data: parsed.data, errors: {} };
  const errors: BillingErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof BillingForm;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

interface Props {
  value: BillingForm;
  errors: BillingErrors;
  onChange: (value: BillingForm) => void;
  onErrors: (errors: BillingErrors) => void;
}

/** Optional billing details for the receipt: NIF, name and address. */
export const BillingFields = forwardRef<HTMLFieldSetElement, Props>(function BillingFields({ value, errors, onChange, onErrors }, ref) {
  const set = (key: keyof BillingForm) => (e: { target: { value: string } }) => {
    onChange({ ...value, [key]: e.target.value });
    // A corrected field stops shouting; it is checked again on leaving it or on confirming.
    if (errors[key]) onErrors({ ...errors, [key]: undefined });
  };
  const recheck = (key: keyof BillingForm) => () => onErrors({ ...errors, [key]: checkBilling(value).errors[key] });
  return (
    <fieldset className="billing-group" ref={ref}>
      <legend>
        <h2>
          Dados de faturação <span className="optional">(opcional)</span>
        </h2>
      </legend>
      <p className="billing-intro muted">Aparecem no recibo da compra. Sem eles, o recibo fica em nome da sua conta.</p>
      <TextField
        label="NIF"
        name="nif"
        id="faturacao-nif"
        inputMode="numeric"
        autoComplete="off"
        maxLength={NIF_MAX_INPUT}
        value={value.nif}
        onChange={set('nif')}
        onBlur={recheck('nif')}
        error={errors.nif}
        hint="Número de contribuinte português, 9 algarismos."
      />
      <TextField
        label="Nome ou empresa"
        name="faturacaoNome"
        id="faturacao-nome"
        autoComplete="organization"
        maxLength={FATURACAO_NOME_MAX}
        value={value.faturacaoNome}
        onChange={set('faturacaoNome')}
        onBlur={recheck('faturacaoNome')}
        error={errors.faturacaoNome}
      />
      <TextAreaField
        label="Morada"
        name="faturacaoMorada"
        id="faturacao-morada"
        autoComplete="street-address"
        rows={2}
        maxLength={FATURACAO_MORADA_MAX}
        value={value.faturacaoMorada}
        onChange={set('faturacaoMorada')}
        onBlur={recheck('faturacaoMorada')}
        error={errors.faturacaoMorada}
      />
    </fieldset>
  );
});
