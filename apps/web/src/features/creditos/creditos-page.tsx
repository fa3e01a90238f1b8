import { UnderConstruction } from '../../components/ui/under-construction';

export function CreditosPage() {
  return <UnderConstruction title="Planos de Créditos" />;
}
