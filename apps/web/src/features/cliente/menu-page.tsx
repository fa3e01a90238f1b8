import { UnderConstruction } from '../../components/ui/under-construction';

export function ClienteMenuPage() {
  return <UnderConstruction title="Área do Cliente" />;
}
