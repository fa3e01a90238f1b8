import { UnderConstruction } from '../../components/ui/under-construction';

export function MinhasAvaliacoesPage() {
  return <UnderConstruction title="As minhas avaliações" />;
}
