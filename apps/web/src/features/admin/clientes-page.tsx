import { UnderConstruction } from '../../components/ui/under-construction';

export function AdminClientesPage() {
  return <UnderConstruction title="Clientes" />;
}
