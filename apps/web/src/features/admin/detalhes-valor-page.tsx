import { UnderConstruction } from '../../components/ui/under-construction';

export function DetalhesValorPage() {
  return <UnderConstruction title="Valor Total" />;
}
