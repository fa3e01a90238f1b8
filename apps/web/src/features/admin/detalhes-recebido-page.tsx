import { UnderConstruction } from '../../components/ui/under-construction';

export function DetalhesRecebidoPage() {
  return <UnderConstruction title="Valor Recebido" />;
}
