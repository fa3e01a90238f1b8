import { UnderConstruction } from '../../components/ui/under-construction';

export function ProfissionalCompletarPerfilPage() {
  return <UnderConstruction title="Completar Perfil" />;
}
