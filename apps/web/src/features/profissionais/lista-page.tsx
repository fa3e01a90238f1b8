import { UnderConstruction } from '../../components/ui/under-construction';

export function ProfissionaisPage() {
  return <UnderConstruction title="Encontrar profissionais" />;
}
