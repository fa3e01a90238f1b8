import { AlarmClock, CalendarClock, Moon, Siren } from 'lucide-react';
import { EMERGENCY_LABEL, isEmergency, TIME_OPTION_LABELS, type TimeOption } from '@tc/shared';

/** Short names for the urgency badge; the long label stays available as its title and in the detail. */
export const URGENCY_SHORT: Record<TimeOption, string> = {
  NORMAL: 'Normal',
  URGENTE: 'Urgente',
  PIQUETE: 'Piquete',
  AVARIA: 'Avaria',
};
const URGENCY_ICON = { NORMAL: CalendarClock, URGENTE: AlarmClock, PIQUETE: Moon, AVARIA: Siren } as const;

/**
 * Urgency with an icon and a word, so it never relies on colour alone. Emergencies (PIQUETE, AVARIA)
 * read "Urgente 24h" wherever a project appears: the client's, the professional's and the admin's lists.
 */
export function UrgencyBadge({ tempo, long = false }: { tempo: TimeOption; long?: boolean }) {
  const Icon = URGENCY_ICON[tempo] ?? CalendarClock;
  const emergency = isEmergency(tempo);
  const text = long ? TIME_OPTION_LABELS[tempo] : URGENCY_SHORT[tempo];
  return (
    <span
      className={`badge urgency urgency-${tempo.toLowerCase()}${tempo === 'NORMAL' ? '' : ' badge-warning'}${emergency ? ' urgency-24h' : ''}`}
      title={emergency ? `${EMERGENCY_LABEL}: ${TIME_OPTION_LABELS[tempo]}` : TIME_OPTION_LABELS[tempo]}
    >
      <Icon size={14} aria-hidden />{' '}
      {emergency ? (
        <>
          <strong>{EMERGENCY_LABEL}</strong> · {text}
        </>
      ) : (
        text
      )}
    </span>
  );
}
