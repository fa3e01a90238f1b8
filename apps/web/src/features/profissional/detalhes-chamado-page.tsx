import { UnderConstruction } from '../../components/ui/under-construction';

export function DetalhesChamadoPage() {
  return <UnderConstruction title="Detalhes do chamado" />;
}
