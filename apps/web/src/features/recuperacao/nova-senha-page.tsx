import { UnderConstruction } from '../../components/ui/under-construction';

export function NovaSenhaPage() {
  return <UnderConstruction title="Nova senha" />;
}
