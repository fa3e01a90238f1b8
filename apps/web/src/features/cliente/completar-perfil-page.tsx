import { UnderConstruction } from '../../components/ui/under-construction';

export function ClienteCompletarPerfilPage() {
  return <UnderConstruction title="Completar Perfil" />;
}
