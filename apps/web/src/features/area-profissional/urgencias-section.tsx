import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { EMERGENCY_LABEL, type UrgenciasSettings } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';

const key = ['profissional', 'urgencias'] as const;
const HOURS = Array.from({ length: 25 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * "Minha Conta" of a professional: whether he takes emergencies ("Urgente 24h": piquete and avaria)
 * and between which hours. Those on call get such projects by e-mail at once; the client sees before
 * publishing how many there are in the district.
 */
export function UrgenciasSection() {
  const qc = useQueryClient();
  const current = useQuery({ queryKey: key, queryFn: ({ signal }) => api<UrgenciasSettings>('/profissional/urgencias', { as: 'profissional', signal }) });
  const save = useMutation({
    mutationFn: (v: UrgenciasSettings) => api<UrgenciasSettings>('/profissional/urgencias', { method: 'PUT', body: v, as: 'profissional' }),
    onSuccess: (v) => {
      qc.setQueryData(key, v);
      toast.success(v.aceitaUrgencias ? 'Passa a receber urgências no horário escolhido.' : 'Deixou de receber urgências por e-mail.');
    },
    onError: (e) => toast.error(errorMessage(e, 'Não foi possível guardar. Tente novamente.')),
  });
  const [form, setForm] = useState<UrgenciasSettings | null>(null);
  useEffect(() => {
    if (current.data) setForm(current.data);
  }, [current.data]);

  const invalid = !!form && (form.inicio >= 24 || form.fim <= 0 || form.inicio === form.fim);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form && !invalid) save.mutate(form);
  };

  let body;
  if (current.isError) body = <ErrorState text="Não foi possível carregar as suas urgências." onRetry={() => void current.refetch()} />;
  else if (!form) body = <Loading text="A carregar..." />;
  else {
    body = (
      <form onSubmit={submit} noValidate>
        <label className="notif-check">
          <input type="checkbox" checked={form.aceitaUrgencias} onChange={(e) => setForm({ ...form, aceitaUrgencias: e.target.checked })} />
          <span>Aceito urgências (piquete e avaria) e quero recebê-las de imediato por e-mail</span>
        </label>
        <fieldset className="notif-prefs" disabled={!form.aceitaUrgencias}>
          <legend>Horário em que está de serviço (hora de Portugal continental)</legend>
          <div className="urgencias-horas">
            <SelectField label="Das" value={form.inicio} onChange={(e) => setForm({ ...form, inicio: Number(e.target.value) })}>
              {HOURS.slice(0, 24).map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Às"
              value={form.fim}
              onChange={(e) => setForm({ ...form, fim: Number(e.target.value) })}
              error={invalid ? 'Escolha uma hora de fim diferente da de início.' : undefined}
              hint={form.fim <= form.inicio && !invalid ? 'Passa a meia-noite (por exemplo, das 20:00 às 08:00).' : undefined}
            >
              {HOURS.slice(1).map((h) => (
                <option key={h} value={h}>
                  {h === 24 ? '24:00 (fim do dia)' : hourLabel(h)}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>
        <Button type="submit" variant="outline" loading={save.isPending} loadingText="A guardar..." disabled={invalid}>
          Guardar urgências
        </Button>
      </form>
    );
  }

  return (
    <section className="card conta-urgencias" aria-labelledby="conta-urgencias-title">
      <h2 id="conta-urgencias-title">
        <Siren size={22} aria-hidden /> Urgências 24h
      </h2>
      <p className="muted">
        Os projetos <strong>{EMERGENCY_LABEL}</strong> (piquete e avaria) chegam de imediato por e-mail a quem as aceita e está de serviço; os restantes
        veem-nos no sino e na pesquisa de trabalhos. Os clientes veem, antes de publicar, quantos profissionais do distrito aceitam urgências.
      </p>
      {body}
    </section>
  );
}
