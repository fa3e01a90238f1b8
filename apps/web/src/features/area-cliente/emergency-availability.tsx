import { useQuery } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { EMERGENCY_LABEL, isEmergency, type TimeOption, type UrgenciasDisponiveis } from '@tc/shared';
import { api } from '../../lib/api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Before publishing an emergency ("Urgente 24h"), the client sees how many professionals of the
 * district (and specialty) take emergencies and how many are on call now, so nobody is promised help
 * that does not exist.
 */
export function EmergencyAvailability({ tempo, bairro, especialidade }: { tempo: string; bairro: string; especialidade: string }) {
  const on = !!bairro && isEmergency(tempo as TimeOption);
  const q = useQuery({
    queryKey: ['urgencias-disponiveis', bairro, especialidade],
    queryFn: () => api<UrgenciasDisponiveis>(`/urgencias/disponiveis?${new URLSearchParams({ bairro, ...(especialidade ? { especialidade } : {}) })}`),
    enabled: on,
    staleTime: 60_000,
  });
  if (!on) return null;
  let text: string;
  if (q.isPending) text = `A ver quantos profissionais de ${bairro} aceitam urgências...`;
  else if (q.isError) text = `Não foi possível saber quantos profissionais de ${bairro} aceitam urgências. Pode publicar na mesma.`;
  else if (q.data.total === 0) {
    text = `Ainda nenhum profissional de ${bairro}${especialidade ? ' desta especialidade' : ''} aceita urgências. O projeto fica visível para os profissionais da zona, mas sem garantia de resposta em 24 horas.`;
  } else {
    text =
      `${plural(q.data.total, 'profissional', 'profissionais')} de ${bairro}${especialidade ? ' desta especialidade' : ''} ${q.data.total === 1 ? 'aceita' : 'aceitam'} urgências` +
      ` (${plural(q.data.agora, 'de serviço', 'de serviço')} agora). ${q.data.agora > 0 ? 'Recebem o seu pedido de imediato, assim que for aprovado.' : 'Recebem o seu pedido quando estiverem de serviço.'}`;
  }
  return (
    <p className={`alert ${q.data?.total === 0 ? 'alert-warning' : 'alert-info'} review-note`} role="status" aria-live="polite">
      <Siren size={18} aria-hidden />
      <span>
        <strong>{EMERGENCY_LABEL}.</strong> {text}
      </span>
    </p>
  );
}
