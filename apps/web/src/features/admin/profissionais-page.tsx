import { UnderConstruction } from '../../components/ui/under-construction';

export function AdminProfissionaisPage() {
  return <UnderConstruction title="Profissionais" />;
}
