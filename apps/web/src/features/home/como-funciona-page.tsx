import { UnderConstruction } from '../../components/ui/under-construction';

export function ComoFuncionaPage() {
  return <UnderConstruction title="Como funciona" />;
}
