import { UnderConstruction } from '../../components/ui/under-construction';

export function AvaliacaoPage() {
  return <UnderConstruction title="Avaliação" />;
}
