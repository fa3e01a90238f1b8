import { UnderConstruction } from '../../components/ui/under-construction';

export function BuscarTrabalhosPage() {
  return <UnderConstruction title="Buscar trabalhos" />;
}
