import { PaymentsDetails } from './payments-details';

export function DetalhesValorPage() {
  return <PaymentsDetails tipo="total" />;
}
