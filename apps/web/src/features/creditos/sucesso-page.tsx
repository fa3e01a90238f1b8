import { UnderConstruction } from '../../components/ui/under-construction';

export function SucessoPage() {
  return <UnderConstruction title="Pagamento aprovado" />;
}
