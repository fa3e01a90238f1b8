import { UnderConstruction } from '../../components/ui/under-construction';

export function ProfissionalPerfilPage() {
  return <UnderConstruction title="Perfil do profissional" />;
}
