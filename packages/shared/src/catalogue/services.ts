/**
 * The six home-page service cards (spec §2 Home, §3 option values). Each option keeps the spec's
 * value, a readable label (which prefills the project title) and the specialty it preselects.
 */
export interface ServiceOption {
  value: string;
  label: string;
  specialty: string;
}
export interface ServiceCard {
  value: 'eletrica' | 'domotica' | 'canalizacao' | 'manutencao' | 'emergencia' | 'beneficios';
  title: string;
  description: string;
  /** 'cliente': the option starts a project; 'profissional': the card is aimed at technicians. */
  audience: 'cliente' | 'profissional';
  options: readonly ServiceOption[];
}

export const SERVICE_CARDS: readonly ServiceCard[] = [
  {
    value: 'eletrica',
    title: 'Serviços Elétricos',
    description: 'Instalações, quadros, tomadas e iluminação para casas e empresas, com certificação.',
    audience: 'cliente',
    options: [
      { value: 'instalacao', label: 'Instalação elétrica completa', specialty: 'instalacao-eletrica-completa' },
      { value: 'substituicao', label: 'Substituição de quadro elétrico', specialty: 'substituicao-quadros-eletricos' },
      { value: 'disjuntores', label: 'Disjuntores e diferenciais', specialty: 'disjuntores-diferenciais' },
      { value: 'passagem', label: 'Passagem e substituição de cabos', specialty: 'passagem-substituicao-cabos' },
      { value: 'tomadas', label: 'Tomadas e interruptores', specialty: 'tomadas-interruptores' },
      { value: 'iluminacao', label: 'Iluminação interior e exterior', specialty: 'iluminacao-interior-exterior' },
      { value: 'ventoinhas', label: 'Ventoinhas de teto e extratores', specialty: 'ventoinhas-extratores' },
      { value: 'manutencao', label: 'Manutenção preventiva', specialty: 'manutencao-preventiva' },
      { value: 'aumento', label: 'Aumento de potência', specialty: 'aumento-potencia' },
      { value: 'certificacao', label: 'Certificação elétrica', specialty: 'certificacao-eletrica' },
      { value: 'inspecoes', label: 'Inspeção e diagnóstico de avarias', specialty: 'inspecoes-diagnostico-avarias' },
    ],
  },
  {
    value: 'domotica',
    title: 'Domótica / Casa Inteligente',
    description: 'Automatize luzes, estores, câmaras e sensores e controle tudo a partir do telemóvel.',
    audience: 'cliente',
    options: [
      { value: 'instalacao', label: 'Instalação de assistentes virtuais', specialty: 'assistentes-virtuais' },
      { value: 'wifi', label: 'Tomadas e interruptores Wi-Fi', specialty: 'tomadas-interruptores-inteligentes' },
      { value: 'automatizacao', label: 'Automatização de iluminação e estores', specialty: 'automatizacao-iluminacao-estores' },
      { value: 'cameras', label: 'Câmaras de videovigilância', specialty: 'camaras-cctv' },
      { value: 'sensores', label: 'Sensores de segurança', specialty: 'sensores-seguranca' },
      { value: 'controlo', label: 'Controlo remoto por aplicação', specialty: 'controlo-remoto-app' },
      { value: 'sistemas', label: 'Integração de sistemas', specialty: 'integracao-sistemas' },
      { value: 'meters', label: 'Contadores inteligentes (smart meters)', specialty: 'consultoria-contadores-inteligentes' },
    ],
  },
  {
    value: 'canalizacao',
    title: 'Canalização Profissional',
    description: 'Fugas, entupimentos, torneiras, autoclismos e canalização para obras.',
    audience: 'cliente',
    options: [
      { value: 'reparacao', label: 'Reparação de fugas de água', specialty: 'reparacao-fugas-agua' },
      { value: 'desentupimento', label: 'Desentupimento', specialty: 'desentupimentos' },
      { value: 'instalacao', label: 'Instalação de torneiras e chuveiros', specialty: 'torneiras-chuveiros' },
      { value: 'substituicao', label: 'Substituição de louças sanitárias', specialty: 'loucas-sanitarias' },
      { value: 'maquinas', label: 'Ligação de máquinas de lavar', specialty: 'maquinas-lavar' },
      { value: 'autoclismos', label: 'Reparação de autoclismos', specialty: 'autoclismos' },
      { value: 'montagem', label: 'Montagem de filtros de água', specialty: 'filtragem-agua' },
      { value: 'canalizacoes', label: 'Canalização para obras', specialty: 'canalizacao-obras' },
      { value: 'verificacao', label: 'Verificação e substituição de esgotos', specialty: 'verificacao-substituicao-esgotos' },
      { value: 'certificacao', label: 'Testes hidráulicos e certificação', specialty: 'testes-hidraulicos' },
    ],
  },
  {
    value: 'manutencao',
    title: 'Manutenção e Pequenas Reparações',
    description: 'Pequenos arranjos, manutenção periódica, remodelações e fixações.',
    audience: 'cliente',
    options: [
      { value: 'reparos', label: 'Pequenas reparações', specialty: 'pequenas-reparacoes' },
      { value: 'sistemas', label: 'Manutenção periódica de sistemas', specialty: 'manutencao-periodica' },
      { value: 'remodelacoes', label: 'Pequenas remodelações de cozinha e casa de banho', specialty: 'pequenas-remodelacoes' },
      { value: 'cortinados', label: 'Montagem de cortinados, suportes e fixações', specialty: 'suportes-tv-fixacoes' },
      { value: 'interruptores', label: 'Substituição de tomadas e interruptores danificados', specialty: 'tomadas-danificadas' },
    ],
  },
  {
    value: 'emergencia',
    title: 'Emergências 24 horas',
    description: 'Falta de luz, quadro a disparar, inundações e entupimentos, todos os dias.',
    audience: 'cliente',
    options: [
      { value: 'energia', label: 'Falta de energia', specialty: 'falta-energia' },
      { value: 'quadro', label: 'Quadro elétrico a disparar', specialty: 'quadro-eletrico-dispara' },
      { value: 'inundacao', label: 'Inundação ou fuga de água visível', specialty: 'fugas-visiveis' },
      { value: 'entupimentos', label: 'Entupimento grave', specialty: 'entupimentos-graves' },
      { value: 'aquecedores', label: 'Avaria de esquentador ou termoacumulador', specialty: 'problemas-esquentadores' },
    ],
  },
  {
    value: 'beneficios',
    title: 'Vantagens para Técnicos',
    description: 'Receba pedidos da sua zona, pague só pelo que lhe interessa e faça crescer a sua reputação.',
    audience: 'profissional',
    options: [
      { value: 'filtrados', label: 'Pedidos filtrados por zona, serviço e urgência', specialty: '' },
      { value: 'pagamento', label: 'Pagamento seguro pela plataforma', specialty: '' },
      { value: 'flexibilidade', label: 'Flexibilidade de horários', specialty: '' },
      { value: 'perfil', label: 'Perfil com avaliações públicas', specialty: '' },
      { value: 'possibilidade', label: 'Acesso a clientes finais validados', specialty: '' },
    ],
  },
];
