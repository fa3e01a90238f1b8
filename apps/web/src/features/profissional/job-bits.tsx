import { AlarmClock, CalendarClock, Moon, Siren, Users } from 'lucide-react';
import { MAX_APPLICANTS, TIME_OPTION_LABELS, type TimeOption } from '@tc/shared';

/** Short names for the urgency badge; the long label stays available as its title and in the detail. */
export const URGENCY_SHORT: Record<TimeOption, string> = {
  NORMAL: 'Normal',
  URGENTE: 'Urgente',
  PIQUETE: 'Piquete',
  AVARIA: 'Avaria',
};
const URGENCY_ICON = { NORMAL: CalendarClock, URGENTE: AlarmClock, PIQUETE: Moon, AVARIA: Siren } as const;

/** Urgency with an icon and a word, so it never relies on colour alone. */
export function UrgencyBadge({ tempo, long = false }: { tempo: TimeOption; long?: boolean }) {
  const Icon = URGENCY_ICON[tempo] ?? CalendarClock;
  return (
    <span className={`badge urgency urgency-${tempo.toLowerCase()}${tempo === 'NORMAL' ? '' : ' badge-warning'}`} title={TIME_OPTION_LABELS[tempo]}>
      <Icon size={14} aria-hidden /> {long ? TIME_OPTION_LABELS[tempo] : URGENCY_SHORT[tempo]}
    </span>
  );
}

/** "Distrito, Cidade" (spec: location as district, city), once when both are the same (Lisboa, Porto...). */
export const place = (p: { cidade: string; bairro: string }) => (p.cidade === p.bairro ? p.bairro : `${p.bairro}, ${p.cidade}`);

/** "2/5 candidaturas", plus "Completo" when no more professionals can apply. */
export function Places({ count }: { count: number }) {
  const full = count >= MAX_APPLICANTS;
  return (
    <span className="places">
      <Users size={16} aria-hidden />
      <span>{count}/{MAX_APPLICANTS} candidaturas</span>
      {full && <span className="badge badge-muted">Completo</span>}
    </span>
  );
}

/** "10 créditos" / "1 crédito". */
export const creditsText = (n: number) => `${n.toLocaleString('pt-PT')} ${n === 1 ? 'crédito' : 'créditos'}`;

/** The contact is free text: only something that looks like a phone number becomes a tel: link. */
export function ContactValue({ value }: { value: string }) {
  const phone = /^\+?[\d\s().-]{9,}$/.test(value.trim());
  return phone ? <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a> : <>{value}</>;
}
