import { UnderConstruction } from '../../components/ui/under-construction';

export function CanceladoPage() {
  return <UnderConstruction title="Compra cancelada" />;
}
