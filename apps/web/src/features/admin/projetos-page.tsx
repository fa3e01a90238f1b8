import { UnderConstruction } from '../../components/ui/under-construction';

export function AdminProjetosPage() {
  return <UnderConstruction title="Projetos" />;
}
