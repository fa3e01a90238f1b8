import { UnderConstruction } from '../../components/ui/under-construction';

export function ProfissionalMenuPage() {
  return <UnderConstruction title="Área do Profissional" />;
}
