import { UnderConstruction } from '../../components/ui/under-construction';

export function AdminReviewsPage() {
  return <UnderConstruction title="Reviews" />;
}
