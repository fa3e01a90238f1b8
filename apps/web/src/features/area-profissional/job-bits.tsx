import { Users } from 'lucide-react';
import { MAX_APPLICANTS } from '@tc/shared';

export { UrgencyBadge, URGENCY_SHORT } from '../../components/ui/urgency-badge';

/** "Distrito, Cidade" (spec: location as district, city), once when both are the same (Lisboa, Porto...). */
export const place = (p: { cidade: string; bairro: string }) => (p.cidade === p.bairro ? p.bairro : `${p.bairro}, ${p.cidade}`);

/** "2/5 candidaturas", plus "Completo" when no more professionals can apply. */
export function Places({ count }: { count: number }) {
  const full = count >= MAX_APPLICANTS;
  return (
    <span className="places">
      <Users size={16} aria-hidden />
      <span>
        {count}/{MAX_APPLICANTS} candidaturas
      </span>
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
