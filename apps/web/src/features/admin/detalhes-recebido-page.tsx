import { PaymentsDetails } from './payments-details';

export function DetalhesRecebidoPage() {
  return <PaymentsDetails tipo="recebido" />;
}
