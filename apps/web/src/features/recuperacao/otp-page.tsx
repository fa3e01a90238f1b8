import { UnderConstruction } from '../../components/ui/under-construction';

export function OtpPage() {
  return <UnderConstruction title="Código de verificação" />;
}
