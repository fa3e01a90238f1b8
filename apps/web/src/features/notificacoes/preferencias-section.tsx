import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { BellRing } from 'lucide-react';
import {
  NEW_PROJECTS_MODE_LABELS,
  NEW_PROJECTS_MODES,
  NOTIFICATIONS_TEXTS as TXT,
  type NewProjectsMode,
  type SwitchableKind,
} from '@tc/shared/catalogue/notificacoes';
import { Button } from '../../components/ui/button';
import { ErrorState, Loading } from '../../components/ui/states';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { usePreferences, useSavePreferences } from './notificacoes-api';
import './notificacoes.css';

/**
 * "Minha Conta" → "Notificações por e-mail": which e-mails arrive (the bell always shows everything)
 * and, for professionals, whether new matching projects come at once or in a morning digest.
 */
export function PreferenciasSection({ tipo }: { tipo: 'cliente' | 'profissional' }) {
  const prefs = usePreferences(tipo);
  const save = useSavePreferences(tipo);
  const [off, setOff] = useState<Set<string> | null>(null);
  const [modo, setModo] = useState<NewProjectsMode>('INSTANTANEO');
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();

  useEffect(() => {
    if (!prefs.data) return;
    setOff(new Set(prefs.data.email.filter((k) => !k.ativo).map((k) => k.tipo)));
    if (prefs.data.novosProjetos) setModo(prefs.data.novosProjetos);
  }, [prefs.data]);

  // Arriving from an e-mail or the bell (/conta#notificacoes): bring the section into view.
  const ready = !!prefs.data;
  useEffect(() => {
    if (hash !== '#notificacoes' || !ready) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, [hash, ready]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!off) return;
    save.mutate(
      { desligados: [...off] as SwitchableKind[], ...(tipo === 'profissional' ? { novosProjetos: modo } : {}) },
      {
        onSuccess: () => toast.success(TXT.preferenciasGuardadas),
        onError: (err) => toast.error(errorMessage(err, 'Não foi possível guardar as preferências. Tente novamente.')),
      },
    );
  };

  let body;
  if (prefs.isError) body = <ErrorState text="Não foi possível carregar as preferências." onRetry={() => void prefs.refetch()} />;
  else if (!prefs.data || !off) body = <Loading text="A carregar as preferências..." />;
  else {
    body = (
      <form onSubmit={submit}>
        <fieldset className="notif-prefs">
          <legend>Receber por e-mail quando:</legend>
          {prefs.data.email.map((k) => (
            <label key={k.tipo} className="notif-check">
              <input
                type="checkbox"
                checked={!off.has(k.tipo)}
                onChange={(e) => {
                  const next = new Set(off);
                  if (e.target.checked) next.delete(k.tipo);
                  else next.add(k.tipo);
                  setOff(next);
                }}
              />
              <span>{k.label}</span>
            </label>
          ))}
        </fieldset>
        {tipo === 'profissional' && (
          <fieldset className="notif-prefs">
            <legend>Novos projetos:</legend>
            <div className="notif-modes">
              {NEW_PROJECTS_MODES.map((m) => (
                <label key={m}>
                  <input type="radio" name="novosProjetos" value={m} checked={modo === m} onChange={() => setModo(m)} />
                  {NEW_PROJECTS_MODE_LABELS[m]}
                </label>
              ))}
            </div>
            <p className="muted">
              Os projetos urgentes chegam sempre de imediato; as urgências 24h (piquete e avaria), só se as aceitar, no horário que escolher em «Urgências 24h».
            </p>
          </fieldset>
        )}
        <Button type="submit" variant="outline" loading={save.isPending} loadingText="A guardar...">
          Guardar preferências
        </Button>
      </form>
    );
  }

  return (
    <section className="card conta-notificacoes" id="notificacoes" aria-labelledby="conta-notificacoes-title">
      <h2 id="conta-notificacoes-title" ref={heading} tabIndex={-1}>
        <BellRing size={22} aria-hidden /> {TXT.preferenciasTitulo}
      </h2>
      <p className="muted">As notificações aparecem sempre no sino, no topo da página; aqui escolhe as que também recebe por e-mail.</p>
      {body}
    </section>
  );
}
