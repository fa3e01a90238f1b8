import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@tc/shared';
import visa from '../../assets/pay-visa.svg';
import mastercard from '../../assets/pay-mastercard.svg';
import mbway from '../../assets/pay-mbway.svg';
import multibanco from '../../assets/pay-multibanco.svg';

export interface MethodInfo {
  value: PaymentMethod;
  label: string;
  logos: { src: string; alt: string }[];
  /** One or two sentences on how paying works with this method. */
  text: string;
}

export const METHODS: MethodInfo[] = [
  {
    value: 'card',
    label: PAYMENT_METHOD_LABELS.card,
    logos: [
      { src: visa, alt: 'Visa' },
      { src: mastercard, alt: 'Mastercard' },
    ],
    text: 'Visa ou Mastercard, numa página de pagamento segura. Os créditos ficam disponíveis logo após a aprovação.',
  },
  {
    value: 'mb_way',
    label: PAYMENT_METHOD_LABELS.mb_way,
    logos: [{ src: mbway, alt: 'MB WAY' }],
    text: 'Indique o seu número de telemóvel e aprove o pedido na app MB WAY. Os créditos ficam disponíveis logo após a aprovação.',
  },
  {
    value: 'multibanco',
    label: PAYMENT_METHOD_LABELS.multibanco,
    logos: [{ src: multibanco, alt: 'Multibanco' }],
    text: 'Recebe uma referência para pagar num caixa Multibanco ou no homebanking. Os créditos chegam quando o pagamento for confirmado pelo banco.',
  },
];

export const methodLabel = (metodo: string) => PAYMENT_METHOD_LABELS[metodo as PaymentMethod] ?? metodo;
