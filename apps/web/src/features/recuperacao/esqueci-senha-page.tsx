import { UnderConstruction } from '../../components/ui/under-construction';

export function EsqueciSenhaPage() {
  return <UnderConstruction title="Recuperar senha" />;
}
