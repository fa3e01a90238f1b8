import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Award, BadgeCheck, HousePlug, Zap, type LucideIcon } from 'lucide-react';
import { SELO_INFO, SELOS, type Selo } from '@tc/shared';
import './selos.css';

const ICONS: Record<Selo, LucideIcon> = { VERIFICADO: BadgeCheck, TOP_AVALIADO: Award, DOMOTICA_EXPERT: HousePlug, RESPOSTA_RAPIDA: Zap };
const CLASS: Record<Selo, string> = {
  VERIFICADO: 'badge-success',
  TOP_AVALIADO: 'selo-top',
  DOMOTICA_EXPERT: 'selo-domotica',
  RESPOSTA_RAPIDA: 'selo-rapida',
};

/**
 * One badge ("Verificado", "Top Avaliado", ...) with its rule: a button described by a tooltip that
 * opens on hover, keyboard focus and tap, and closes on Escape, blur, or a tap elsewhere. Screen
 * readers get the rule as the button's description. `interactive={false}`: the label alone (inside
 * another control, e.g. a radio's label, where a button may not go).
 */
export function SeloBadge({ selo, interactive = true }: { selo: Selo; interactive?: boolean }) {
  const { label, regra } = SELO_INFO[selo];
  const Icon = ICONS[selo];
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  // Keep the tooltip inside the screen (a badge near the edge of a 375 px phone).
  useLayoutEffect(() => {
    const el = tip.current;
    if (!open || !el) return;
    el.style.setProperty('--selo-shift', '0px');
    const r = el.getBoundingClientRect();
    const room = document.documentElement.clientWidth || window.innerWidth;
    const shift = r.right > room - 8 ? room - 8 - r.right : r.left < 8 ? 8 - r.left : 0;
    el.style.setProperty('--selo-shift', `${shift}px`);
  }, [open]);

  const className = `badge selo-badge ${CLASS[selo]}`;
  if (!interactive) {
    return (
      <span className={className}>
        <Icon size={14} aria-hidden /> {label}
      </span>
    );
  }
  return (
    <span className="selo" ref={root} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={className}
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // A tap opens it (focus may already have); tapping elsewhere or Escape closes it.
        onClick={() => setOpen(true)}
      >
        <Icon size={14} aria-hidden /> {label}
      </button>
      <span role="tooltip" id={tipId} ref={tip} className="selo-tip" hidden={!open}>
        {regra}
      </span>
    </span>
  );
}

/** A professional's badges, in catalogue order (nothing when none). */
export function SelosBadges({ selos, interactive = true }: { selos: readonly string[] | null | undefined; interactive?: boolean }) {
  const list = SELOS.filter((s) => selos?.includes(s));
  if (!list.length) return null;
  if (!interactive)
    return (
      <span className="selos">
        {list.map((s) => (
          <SeloBadge key={s} selo={s} interactive={false} />
        ))}
      </span>
    );
  return (
    <span className="selos" role="list" aria-label="Selos">
      {list.map((s) => (
        <span role="listitem" key={s}>
          <SeloBadge selo={s} />
        </span>
      ))}
    </span>
  );
}
