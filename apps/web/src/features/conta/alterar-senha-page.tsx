import { UnderConstruction } from '../../components/ui/under-construction';

export function AlterarSenhaPage() {
  return <UnderConstruction title="Alterar senha" />;
}
