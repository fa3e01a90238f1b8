import { UnderConstruction } from '../../components/ui/under-construction';

export function ChamadosAgendadosPage() {
  return <UnderConstruction title="Chamados agendados" />;
}
