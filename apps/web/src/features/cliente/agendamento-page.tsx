import { UnderConstruction } from '../../components/ui/under-construction';

export function AgendamentoPage() {
  return <UnderConstruction title="Postagem do Projeto" />;
}
