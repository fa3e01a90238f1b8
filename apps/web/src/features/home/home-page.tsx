import { UnderConstruction } from '../../components/ui/under-construction';

export function HomePage() {
  return <UnderConstruction title="Técnico Certo" />;
}
