import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { GUARANTEE_DAYS, garantiaNumerosText, type GarantiaNumeros } from '@tc/shared';
import { useGuaranteeFigures } from './figures-api';
import './garantias.css';

/**
 * On the public profile: "Garantias: 2 acionadas, 2 aceites". Shown once known; a failure hides the
 * line (the rest of the profile does not depend on it).
 */
export function GuaranteeFigures({ profissionalId }: { profissionalId: number }) {
  const q = useGuaranteeFigures(profissionalId);
  if (!q.data) return null;
  return (
    <p className="guarantee-figures" title={`Pedidos de garantia (até ${GUARANTEE_DAYS} dias depois da conclusão) e quantos o profissional aceitou resolver.`}>
      <ShieldCheck size={16} aria-hidden />{' '}
      <span>
        <strong>Garantias:</strong> {garantiaNumerosText(q.data)}
      </span>
    </p>
  );
}

/** The back office's line on a professional's card, with the disputed and unanswered ones and a link to them. */
export function AdminGuaranteeFigures({ n }: { n: GarantiaNumeros | undefined }) {
  if (!n) return null;
  const extra = [
    n.contestadas ? `${n.contestadas} ${n.contestadas === 1 ? 'contestada' : 'contestadas'}` : null,
    n.semResposta ? `${n.semResposta} sem resposta` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <p className="guarantee-figures">
      <ShieldCheck size={16} aria-hidden />
      <span>
        <strong>Garantias:</strong> {garantiaNumerosText(n)}
        {extra && `, ${extra}`}
        {n.acionadas > 0 && (
          <>
            {' '}
            · <Link to={`/listagem-garantias?profissional=${n.profissionalId}`}>ver pedidos</Link>
          </>
        )}
      </span>
    </p>
  );
}
