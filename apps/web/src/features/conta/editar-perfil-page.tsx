import { UnderConstruction } from '../../components/ui/under-construction';

export function EditarPerfilPage() {
  return <UnderConstruction title="Editar perfil" />;
}
