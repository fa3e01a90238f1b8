import { UnderConstruction } from '../../components/ui/under-construction';

export function DashboardPage() {
  return <UnderConstruction title="Dashboard" />;
}
