import { UnderConstruction } from '../../components/ui/under-construction';

export function AvaliarPage() {
  return <UnderConstruction title="Avaliar profissionais" />;
}
