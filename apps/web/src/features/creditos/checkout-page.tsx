import { UnderConstruction } from '../../components/ui/under-construction';

export function CheckoutPage() {
  return <UnderConstruction title="Checkout" />;
}
