import { UnderConstruction } from '../../components/ui/under-construction';

export function ContaPage() {
  return <UnderConstruction title="Minha Conta" />;
}
