/** The small living demo seeded on first start. Fictional people; e-mails on a reserved-looking domain. */
export const DEMO_PASSWORD = 'Demo#2026';

export const DEMO_ADMIN = { nome: 'Helena Marques', email: 'admin@tecnicocerto.pt' };

export const DEMO_CLIENTES = [
  { nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt', telefone: '+351912345678' },
  { nome: 'Bruno Carvalho', email: 'bruno.carvalho@exemplo.pt', telefone: '+351913456789' },
  { nome: 'Carla Mendes', email: 'carla.mendes@exemplo.pt', telefone: '+351914567890' },
  { nome: 'Duarte Lopes', email: 'duarte.lopes@exemplo.pt', telefone: '+351915678901' },
];

export const DEMO_PROFISSIONAIS = [
  { nome: 'João Ferreira', email: 'joao.ferreira@exemplo.pt', cidade: 'Lisboa', bairro: 'Lisboa', telefone: '+351916111222',
    especialidades: ['instalacao-eletrica-completa', 'substituicao-quadros-eletricos', 'certificacao-eletrica'],
    bio: 'Eletricista certificado pela DGEG com 15 anos de experiência em habitações e lojas.', verificado: true, creditos: true },
  { nome: 'Marta Ribeiro', email: 'marta.ribeiro@exemplo.pt', cidade: 'Almada', bairro: 'Setúbal', telefone: '+351916222333',
    especialidades: ['automatizacao-iluminacao-estores', 'assistentes-virtuais', 'camaras-cctv', 'integracao-sistemas'],
    bio: 'Instaladora de domótica: iluminação, estores e segurança controlados pelo telemóvel.', verificado: true, creditos: false },
  { nome: 'Rui Pereira', email: 'rui.pereira@exemplo.pt', cidade: 'Porto', bairro: 'Porto', telefone: '+351916333444',
    especialidades: ['reparacao-fugas-agua', 'desentupimentos', 'autoclismos', 'torneiras-chuveiros'],
    bio: 'Canalizador no Grande Porto. Fugas, desentupimentos e substituição de louças.', verificado: false, creditos: false },
  { nome: 'Sofia Almeida', email: 'sofia.almeida@exemplo.pt', cidade: 'Faro', bairro: 'Faro', telefone: '+351916444555',
    especialidades: ['falta-energia', 'quadro-eletrico-dispara', 'tomadas-interruptores'],
    bio: 'Piquete elétrico 24 horas no Algarve, todos os dias do ano.', verificado: true, creditos: false },
  { nome: 'Tiago Costa', email: 'tiago.costa@exemplo.pt', cidade: 'Vila Nova de Gaia', bairro: 'Porto', telefone: '+351916555666',
    especialidades: ['pequenas-reparacoes', 'manutencao-periodica', 'suportes-tv-fixacoes'],
    bio: 'Pequenas reparações e manutenção para casas e escritórios.', verificado: false, creditos: false },
  { nome: 'Inês Martins', email: 'ines.martins@exemplo.pt', cidade: 'Setúbal', bairro: 'Setúbal', telefone: '+351916666777',
    especialidades: ['iluminacao-interior-exterior', 'ventoinhas-extratores', 'aumento-potencia'],
    bio: 'Iluminação interior e exterior, jardins e aumentos de potência.', verificado: false, creditos: false },
  { nome: 'Pedro Gonçalves', email: 'pedro.goncalves@exemplo.pt', cidade: 'Portimão', bairro: 'Faro', telefone: '+351916777888',
    especialidades: ['problemas-esquentadores', 'canalizacao-obras', 'testes-hidraulicos'],
    bio: 'Canalização para obras e assistência a esquentadores e termoacumuladores.', verificado: false, creditos: false },
  { nome: 'Catarina Lima', email: 'catarina.lima@exemplo.pt', cidade: 'Sintra', bairro: 'Lisboa', telefone: '+351916888999',
    especialidades: ['sensores-seguranca', 'controlo-remoto-app', 'tomadas-interruptores-inteligentes'],
    bio: 'Casa inteligente e segurança: sensores, alarmes e controlo por aplicação.', verificado: true, creditos: false },
];

type Tempo = 'NORMAL' | 'URGENTE' | 'PIQUETE' | 'AVARIA';
export const DEMO_PROJETOS: {
  cliente: number; titulo: string; descricao: string; cidade: string; bairro: string; especialidade: string; tempo: Tempo;
  status: 'ESPERA' | 'ABERTO' | 'CONCLUIDO'; creditos: number | null; diasAtras: number; candidatos: number[];
  /** The applicant the client chose (who did the job): the only one it may review for the project. */
  escolhido?: number;
  /** Applicants who applied 40 minutes after the approval (the others: the next afternoon). */
  rapidos?: number[];
}[] = [
  { cliente: 0, titulo: 'Substituição de quadro elétrico', descricao: 'Apartamento T2 dos anos 80, o quadro antigo dispara com frequência. Quero um quadro novo com diferenciais.', cidade: 'Lisboa', bairro: 'Lisboa', especialidade: 'substituicao-quadros-eletricos', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 15, diasAtras: 30, candidatos: [0, 3], escolhido: 0 },
  { cliente: 0, titulo: 'Iluminação LED na cozinha', descricao: 'Instalar fita LED sob os armários e trocar o candeeiro do teto por painel LED.', cidade: 'Lisboa', bairro: 'Lisboa', especialidade: 'iluminacao-interior-exterior', tempo: 'NORMAL', status: 'ABERTO', creditos: 10, diasAtras: 3, candidatos: [0] },
  { cliente: 1, titulo: 'Fuga de água na casa de banho', descricao: 'Há água a escorrer por baixo do lavatório. Preciso de reparação rápida.', cidade: 'Porto', bairro: 'Porto', especialidade: 'reparacao-fugas-agua', tempo: 'URGENTE', status: 'ABERTO', creditos: 8, diasAtras: 1, candidatos: [] },
  { cliente: 1, titulo: 'Automatizar estores da sala', descricao: 'Quatro estores elétricos que quero controlar pelo telemóvel e por horário.', cidade: 'Matosinhos', bairro: 'Porto', especialidade: 'automatizacao-iluminacao-estores', tempo: 'NORMAL', status: 'ESPERA', creditos: null, diasAtras: 0, candidatos: [] },
  { cliente: 2, titulo: 'Quadro a disparar à noite', descricao: 'O quadro dispara quando ligo o forno e a máquina ao mesmo tempo.', cidade: 'Faro', bairro: 'Faro', especialidade: 'quadro-eletrico-dispara', tempo: 'AVARIA', status: 'CONCLUIDO', creditos: 12, diasAtras: 20, candidatos: [0, 3], escolhido: 3, rapidos: [3] },
  { cliente: 2, titulo: 'Câmaras de vigilância na moradia', descricao: 'Instalar 4 câmaras exteriores com gravação e acesso remoto.', cidade: 'Loulé', bairro: 'Faro', especialidade: 'camaras-cctv', tempo: 'NORMAL', status: 'ABERTO', creditos: 20, diasAtras: 5, candidatos: [] },
  { cliente: 3, titulo: 'Desentupir esgoto da cozinha', descricao: 'A banca da cozinha não escoa. Já tentei desentupidor sem sucesso.', cidade: 'Setúbal', bairro: 'Setúbal', especialidade: 'desentupimentos', tempo: 'PIQUETE', status: 'ESPERA', creditos: null, diasAtras: 0, candidatos: [] },
  { cliente: 3, titulo: 'Certificação elétrica para venda de casa', descricao: 'Preciso do certificado de instalação elétrica para escritura de uma moradia em Almada.', cidade: 'Almada', bairro: 'Setúbal', especialidade: 'certificacao-eletrica', tempo: 'NORMAL', status: 'ABERTO', creditos: 12, diasAtras: 2, candidatos: [] },
  { cliente: 2, titulo: 'Tomadas novas no escritório', descricao: 'Acrescentar quatro tomadas duplas e passar as antigas para a parede da janela.', cidade: 'Loulé', bairro: 'Faro', especialidade: 'tomadas-interruptores', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 14, candidatos: [0], escolhido: 0 },
  // Past jobs behind the badges (modules/selos): João "Top Avaliado" (five 5-star reviews this year),
  // Marta "Domótica Expert" (three Domótica jobs reviewed 4+), Sofia "Resposta rápida" (applies within the hour).
  { cliente: 1, titulo: 'Quadro novo numa loja', descricao: 'Loja de roupa na Baixa: quadro elétrico novo com circuitos separados para a montra.', cidade: 'Lisboa', bairro: 'Lisboa', especialidade: 'substituicao-quadros-eletricos', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 33, candidatos: [0], escolhido: 0 },
  { cliente: 3, titulo: 'Certificado elétrico de um T3', descricao: 'Certificação da instalação elétrica para arrendar um apartamento em Benfica.', cidade: 'Lisboa', bairro: 'Lisboa', especialidade: 'certificacao-eletrica', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 27, candidatos: [0], escolhido: 0 },
  { cliente: 0, titulo: 'Instalação elétrica de uma marquise', descricao: 'Tomadas e iluminação novas na marquise fechada da cozinha.', cidade: 'Lisboa', bairro: 'Lisboa', especialidade: 'instalacao-eletrica-completa', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 22, candidatos: [0], escolhido: 0 },
  { cliente: 3, titulo: 'Trocar disjuntores antigos', descricao: 'Substituir os fusíveis antigos por disjuntores e um diferencial.', cidade: 'Almada', bairro: 'Setúbal', especialidade: 'substituicao-quadros-eletricos', tempo: 'URGENTE', status: 'CONCLUIDO', creditos: 10, diasAtras: 17, candidatos: [0], escolhido: 0 },
  { cliente: 3, titulo: 'Google Home e luzes inteligentes', descricao: 'Configurar o Google Home e ligar as luzes da sala e do quarto.', cidade: 'Almada', bairro: 'Setúbal', especialidade: 'assistentes-virtuais', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 75, candidatos: [1], escolhido: 1 },
  { cliente: 1, titulo: 'Câmaras no armazém', descricao: 'Três câmaras com gravação e acesso pelo telemóvel num armazém em Matosinhos.', cidade: 'Matosinhos', bairro: 'Porto', especialidade: 'camaras-cctv', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 60, candidatos: [1], escolhido: 1 },
  { cliente: 0, titulo: 'Estores automáticos no quarto', descricao: 'Motorizar dois estores e programar a abertura pela manhã.', cidade: 'Lisboa', bairro: 'Lisboa', especialidade: 'automatizacao-iluminacao-estores', tempo: 'NORMAL', status: 'CONCLUIDO', creditos: 10, diasAtras: 45, candidatos: [1], escolhido: 1 },
  { cliente: 2, titulo: 'Falta de luz no restaurante', descricao: 'Metade das tomadas da cozinha do restaurante sem corrente desde a manhã.', cidade: 'Faro', bairro: 'Faro', especialidade: 'falta-energia', tempo: 'PIQUETE', status: 'CONCLUIDO', creditos: 10, diasAtras: 12, candidatos: [3, 0], escolhido: 3, rapidos: [3] },
  { cliente: 2, titulo: 'Tomada queimada na sala', descricao: 'Uma tomada ficou preta e cheira a queimado. Preciso de a trocar com segurança.', cidade: 'Loulé', bairro: 'Faro', especialidade: 'tomadas-danificadas', tempo: 'URGENTE', status: 'CONCLUIDO', creditos: 8, diasAtras: 10, candidatos: [3], escolhido: 3, rapidos: [3] },
];

/** [project index, professional index, stars, comment, status] */
export const DEMO_REVIEWS: [number, number, number, string, 'APROVADO' | 'ESPERA' | 'NEGADO'][] = [
  // Each by the project's client, of the professional it chose (docs/decisions/0008).
  [0, 0, 5, 'O João foi pontual, explicou tudo e deixou o quadro impecável. Recomendo!', 'APROVADO'],
  [4, 3, 5, 'A Sofia veio no mesmo dia e resolveu o problema do quadro. Excelente serviço.', 'APROVADO'],
  [8, 0, 3, 'Bom trabalho, mas chegou mais tarde do que o combinado.', 'ESPERA'],
  [9, 0, 5, 'Quadro da loja impecável e tudo bem identificado. Muito profissional.', 'APROVADO'],
  [10, 0, 5, 'Certificado tratado em dois dias, sem complicações.', 'APROVADO'],
  [11, 0, 5, 'Trabalho limpo e rápido na marquise. Recomendo o João.', 'APROVADO'],
  [12, 0, 5, 'Veio no próprio dia e explicou a diferença entre fusíveis e disjuntores.', 'APROVADO'],
  [13, 1, 5, 'A Marta configurou tudo e ensinou-nos a usar. Agora ligamos as luzes por voz!', 'APROVADO'],
  [14, 1, 5, 'Câmaras bem colocadas e a aplicação funciona na perfeição.', 'APROVADO'],
  [15, 1, 4, 'Estores a funcionar, só demorou um pouco mais do que o previsto.', 'APROVADO'],
  [16, 3, 5, 'Respondeu em menos de uma hora e o restaurante pôde servir o jantar.', 'APROVADO'],
  [17, 3, 5, 'Rápida e cuidadosa. A tomada nova ficou perfeita.', 'APROVADO'],
];
