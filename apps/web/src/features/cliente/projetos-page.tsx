import { UnderConstruction } from '../../components/ui/under-construction';

export function ProjetosPage() {
  return <UnderConstruction title="Os meus projetos" />;
}
