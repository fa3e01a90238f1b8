/**
 * Benchmark data (`npm run bench:data`): fills the PostgreSQL at DATABASE_URL with a realistic
 * marketplace (by default 100 k professionals, 200 k clients, 1 M projects, ~2 M applications,
 * 500 k reviews, ~290 k payments and the matching credit ledger, and the last 30 days of the bell) on
 * top of the demo people, who keep their password (Demo#2026) — as does every generated user.
 *
 * Everything is generated inside PostgreSQL, set-based (INSERT ... SELECT over generate_series and
 * small word-list tables), in time order so ids follow creation dates as in a real database. The
 * invariants the application keeps hold here too: balance = sum of the ledger, each ledger line's
 * saldo_apos is the running balance and never negative, at most 5 applications per project, the
 * chosen professional one of the applicants (every completed project with applicants has one), reviews
 * by the project's client of the professional it chose, nota_media = average of approved reviews,
 * nota_bayes and the badges (selos) computed by the app's own rules.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tc_bench npm run bench:data -- [--scale 0.1]
 *     [--profissionais N] [--clientes N] [--requests N] [--reviews N] [--payments N] [--force]
 *     [--data-dir DIR]
 *
 * --scale multiplies every size. A database that already holds more than the demo is refused unless
 * --force, which empties every table (TRUNCATE ... RESTART IDENTITY) and seeds the demo again. The
 * avatars (demo and generated) are written where the app looks for them: under DIR/uploads (default:
 * DATA_DIR, else ./data), or to the bucket when STORAGE=s3 (the app's S3_* variables). Ends with
 * VACUUM ANALYZE of every table and a CHECKPOINT.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { CREDIT_PLANS, DISTRICTS, SPECIALTIES, TERMOS_VERSAO, type SpecialtyGroupValue } from '@tc/shared';
import { openDatabase } from '../src/db/client';
import { syncCatalogue } from '../src/db/catalogue-sync';
import { seedDemo } from '../src/db/seed/seed';
import { sweepSelos } from '../src/modules/selos/selos.service';
import { DEMO_ADMIN, DEMO_CLIENTES, DEMO_PASSWORD, DEMO_PROFISSIONAIS, DEMO_PROJETOS } from '../src/db/seed/demo-data';
import { hashPassword } from '../src/lib/passwords';
import { initialsAvatar } from '../src/lib/avatar';
import type { Storage } from '../src/lib/storage';
import { storageEnvFrom, storageFromEnv } from '../src/lib/storage-from-env';

export interface Sizes { profissionais: number; clientes: number; requests: number; reviews: number; payments: number }
export const DEFAULT_SIZES: Sizes = { profissionais: 100_000, clientes: 200_000, requests: 1_000_000, reviews: 500_000, payments: 290_000 };

export interface GenerateOptions {
  url: string;
  sizes: Sizes;
  /** Empty every table first (the demo is seeded again). */
  force?: boolean;
  /** Where the demo's and the generated avatars are written (uploads/); the app's DATA_DIR. */
  dataDir: string;
  /** Default: the app's storage for this environment (STORAGE, S3_*) with `dataDir`. */
  storage?: Storage;
  log?: (line: string) => void;
}

export interface GenerateResult { counts: Record<string, number>; seconds: number }

/** Thrown when the database already holds data and --force was not given. */
export class AlreadyFilledError extends Error {}

// ---------------------------------------------------------------------------------------------
// Word lists (pt-PT). Weights are relative frequencies.

const FIRST_M: [string, number][] = [
  ['João', 9], ['José', 7], ['António', 6], ['Francisco', 5], ['Manuel', 5], ['Pedro', 5], ['Rui', 4], ['Luís', 4], ['Carlos', 4],
  ['Paulo', 4], ['Miguel', 4], ['Tiago', 4], ['Nuno', 4], ['Ricardo', 4], ['Jorge', 3], ['Bruno', 3], ['André', 4], ['Diogo', 3],
  ['Filipe', 3], ['Hugo', 3], ['Vítor', 3], ['Fernando', 3], ['Sérgio', 3], ['Rafael', 3], ['Gonçalo', 3], ['Duarte', 2], ['Rodrigo', 3],
  ['Martim', 2], ['Tomás', 2], ['Afonso', 2], ['Joaquim', 2], ['Mário', 2], ['Fábio', 2], ['Daniel', 3], ['Marco', 2], ['Alexandre', 2],
  ['Ivo', 1], ['Hélder', 1], ['Álvaro', 1], ['Gabriel', 2], ['Henrique', 2], ['Leonardo', 1], ['Samuel', 1], ['Simão', 1], ['Artur', 1],
  ['Raul', 1], ['Domingos', 1], ['Armando', 1], ['Renato', 1], ['Vasco', 1], ['Emanuel', 1], ['Sandro', 1], ['Valter', 1], ['Orlando', 1],
];
const FIRST_F: [string, number][] = [
  ['Maria', 9], ['Ana', 8], ['Sofia', 3], ['Inês', 3], ['Beatriz', 3], ['Mariana', 4], ['Catarina', 4], ['Joana', 4], ['Marta', 3],
  ['Rita', 3], ['Sara', 3], ['Carla', 3], ['Patrícia', 3], ['Sandra', 3], ['Susana', 3], ['Cláudia', 3], ['Teresa', 2], ['Helena', 2],
  ['Isabel', 3], ['Fernanda', 2], ['Filipa', 2], ['Diana', 2], ['Daniela', 2], ['Leonor', 2], ['Matilde', 2], ['Carolina', 3],
  ['Margarida', 2], ['Alice', 1], ['Francisca', 2], ['Lara', 1], ['Bárbara', 2], ['Raquel', 2], ['Vera', 2], ['Paula', 2], ['Cristina', 3],
  ['Lúcia', 1], ['Rosa', 1], ['Graça', 1], ['Fátima', 2], ['Manuela', 1], ['Luísa', 1], ['Eduarda', 1], ['Madalena', 1], ['Constança', 1],
  ['Benedita', 1], ['Íris', 1], ['Mafalda', 1], ['Andreia', 2], ['Tânia', 1], ['Vânia', 1],
];
/** Roughly the frequency of Portuguese surnames: Silva first by far, then Santos, Ferreira, Pereira... */
const SURNAMES: [string, number][] = [
  ['Silva', 100], ['Santos', 60], ['Ferreira', 50], ['Pereira', 48], ['Oliveira', 40], ['Costa', 38], ['Rodrigues', 36], ['Martins', 34],
  ['Sousa', 30], ['Fernandes', 28], ['Gonçalves', 28], ['Gomes', 26], ['Jesus', 25], ['Lopes', 24], ['Marques', 24], ['Alves', 24],
  ['Almeida', 22], ['Ribeiro', 22], ['Pinto', 20], ['Carvalho', 20], ['Teixeira', 16], ['Moreira', 16], ['Correia', 15], ['Mendes', 15],
  ['Nunes', 14], ['Soares', 14], ['Vieira', 13], ['Monteiro', 12], ['Cardoso', 12], ['Rocha', 11], ['Neves', 10], ['Coelho', 10],
  ['Cruz', 9], ['Cunha', 9], ['Pires', 9], ['Ramos', 9], ['Reis', 9], ['Simões', 8], ['Antunes', 8], ['Matos', 8], ['Fonseca', 8],
  ['Machado', 7], ['Araújo', 7], ['Barbosa', 7], ['Tavares', 7], ['Dias', 6], ['Lourenço', 6], ['Castro', 6], ['Figueiredo', 6],
  ['Azevedo', 6], ['Freitas', 6], ['Batista', 5], ['Guerreiro', 4], ['Campos', 4], ['Henriques', 4], ['Brito', 4], ['Lima', 4],
  ['Borges', 3], ['Faria', 3], ['Miranda', 3], ['Valente', 3], ['Pacheco', 3], ['Sá', 3], ['Magalhães', 3], ['Moura', 3], ['Nogueira', 3],
  ['Carneiro', 3], ['Vaz', 3], ['Peixoto', 2], ['Leite', 2], ['Morais', 2], ['Sequeira', 2], ['Branco', 2], ['Pinheiro', 2], ['Cabral', 2],
  ['Garcia', 2], ['Paiva', 2], ['Amaral', 2], ['Esteves', 2], ['Torres', 2], ['Bento', 2], ['Vicente', 2], ['Domingues', 2], ['Mota', 2],
  ['Barros', 2], ['Quaresma', 1], ['Calado', 1], ['Patrício', 1], ['Seixas', 1], ['Queirós', 1], ['Brandão', 1], ['Couto', 1],
  ['Salgado', 1], ['Veloso', 1], ['Loureiro', 1], ['Guimarães', 1], ['Barroso', 1],
];

/** Resident population by district (2021 census, thousands). */
const DISTRICT_POP: Record<string, number> = {
  aveiro: 700, beja: 144, braga: 848, braganca: 122, 'castelo-branco': 179, coimbra: 409, evora: 152, faro: 467, guarda: 143,
  leiria: 458, lisboa: 2275, portalegre: 104, porto: 1787, santarem: 425, setubal: 875, 'viana-do-castelo': 232, 'vila-real': 185,
  viseu: 352, acores: 236, madeira: 251,
};
/** The larger (and a few tiny) municipalities (thousands); the rest of each district is shared evenly. */
const CONCELHO_POP: Record<string, number> = {
  Lisboa: 545, Sintra: 385, Cascais: 214, Loures: 201, Amadora: 171, Oeiras: 171, Odivelas: 148, 'Vila Franca de Xira': 137, Mafra: 86,
  'Torres Vedras': 83, Alenquer: 44, Lourinhã: 26, Azambuja: 22,
  'Vila Nova de Gaia': 304, Porto: 232, Matosinhos: 173, Gondomar: 164, Maia: 135, Valongo: 94, Paredes: 84, 'Vila do Conde': 80,
  Penafiel: 69, 'Santo Tirso': 67, 'Póvoa de Varzim': 64, 'Paços de Ferreira': 56, Felgueiras: 55, Amarante: 52,
  Almada: 177, Seixal: 166, Setúbal: 123, Barreiro: 78, Palmela: 68, Moita: 66, Montijo: 55, Sesimbra: 52,
  Braga: 193, Guimarães: 156, 'Vila Nova de Famalicão': 133, Barcelos: 116,
  'Santa Maria da Feira': 136, Aveiro: 80, 'Oliveira de Azeméis': 66, Ovar: 55, Águeda: 46, Ílhavo: 39, Espinho: 31,
  Coimbra: 140, 'Figueira da Foz': 59, Cantanhede: 35, Leiria: 128, Alcobaça: 55, Pombal: 51, 'Caldas da Rainha': 51, 'Marinha Grande': 38,
  Loulé: 72, Faro: 67, Portimão: 59, Olhão: 45, Albufeira: 44, Silves: 37, Lagos: 33, Tavira: 26,
  Santarém: 58, 'Torres Novas': 35, Ourém: 45, Tomar: 36, Abrantes: 34, Viseu: 99, Évora: 53, Beja: 33, Odemira: 29, Barrancos: 1.4,
  Guarda: 40, 'Castelo Branco': 52, Covilhã: 47, Bragança: 34, 'Vila Real': 50, Chaves: 39, 'Viana do Castelo': 86, Portalegre: 22,
  Funchal: 105, 'Santa Cruz': 45, 'Câmara de Lobos': 35, Machico: 20, 'Ponta Delgada': 68, 'Angra do Heroísmo': 33, 'Ribeira Grande': 32,
  Corvo: 0.4,
};

const GROUPS: SpecialtyGroupValue[] = ['eletrica', 'domotica', 'hidraulica', 'gerais'];
/** How often a project asks for each specialty (emergencies and leaks are everyday work; smart meters are not). */
const SPECIALTY_WEIGHT: Record<string, number> = {
  'reparacao-fugas-agua': 5, desentupimentos: 5, 'tomadas-interruptores': 4, 'quadro-eletrico-dispara': 4, 'falta-energia': 4,
  'pequenas-reparacoes': 4, 'iluminacao-interior-exterior': 4, 'torneiras-chuveiros': 4, autoclismos: 3, 'problemas-esquentadores': 4,
  'substituicao-quadros-eletricos': 3, 'certificacao-eletrica': 3, 'fugas-visiveis': 3, 'entupimentos-graves': 3, 'instalacao-eletrica-completa': 3,
  'consultoria-contadores-inteligentes': 1, 'integracao-sistemas': 1, 'controlo-remoto-app': 1, 'assistentes-virtuais': 1, 'testes-hidraulicos': 1,
};

const TITLES: Record<string, string[]> = {
  'instalacao-eletrica-completa': ['Instalação elétrica completa', 'Instalação elétrica em casa nova', 'Refazer a instalação elétrica', 'Instalação elétrica para remodelação'],
  'substituicao-quadros-eletricos': ['Substituição de quadro elétrico', 'Trocar quadro elétrico antigo', 'Quadro elétrico novo com diferenciais'],
  'disjuntores-diferenciais': ['Substituir disjuntores', 'Instalar diferencial no quadro', 'Disjuntor a aquecer'],
  'passagem-substituicao-cabos': ['Passagem de cabos', 'Substituir cablagem antiga', 'Passar cabos elétricos por calha'],
  'tomadas-interruptores': ['Instalar tomadas novas', 'Trocar interruptores', 'Mudar tomadas de sítio', 'Mais tomadas na sala'],
  'iluminacao-interior-exterior': ['Iluminação LED', 'Instalar candeeiros', 'Iluminação exterior do jardim', 'Projetores no quintal'],
  'ventoinhas-extratores': ['Instalar ventoinha de teto', 'Extrator na casa de banho', 'Ligar extrator da cozinha'],
  'manutencao-preventiva': ['Manutenção preventiva da instalação elétrica', 'Revisão elétrica anual', 'Verificação do quadro e das tomadas'],
  'aumento-potencia': ['Aumento de potência', 'Passar a instalação a trifásica', 'Preparar quadro para aumento de potência'],
  'certificacao-eletrica': ['Certificação elétrica', 'Certificado elétrico para escritura', 'Inspeção para certificado elétrico'],
  'inspecoes-diagnostico-avarias': ['Diagnóstico de avaria elétrica', 'Curto-circuito por identificar', 'Inspeção da instalação elétrica'],
  'assistentes-virtuais': ['Configurar Alexa em casa', 'Instalar Google Home', 'Assistente virtual para a casa toda'],
  'tomadas-interruptores-inteligentes': ['Tomadas inteligentes Wi-Fi', 'Interruptores inteligentes', 'Trocar interruptores por Wi-Fi'],
  'automatizacao-iluminacao-estores': ['Automatizar estores', 'Estores elétricos com comando', 'Iluminação automática por horário'],
  'camaras-cctv': ['Câmaras de videovigilância', 'Instalar CCTV na loja', 'Câmaras exteriores com gravação'],
  'sensores-seguranca': ['Sensores de movimento e alarme', 'Sensores de abertura de portas', 'Alarme com sensores'],
  'controlo-remoto-app': ['Controlo da casa por aplicação', 'Ar condicionado comandado pelo telemóvel', 'Portão com abertura por aplicação'],
  'integracao-sistemas': ['Integrar sistemas de domótica', 'Ligar alarme, luzes e estores', 'Central de domótica'],
  'consultoria-contadores-inteligentes': ['Contador inteligente', 'Consultoria de consumo de energia', 'Monitorização de consumos'],
  'reparacao-fugas-agua': ['Fuga de água', 'Reparar fuga na parede', 'Fuga de água no teto', 'Cano roto'],
  desentupimentos: ['Desentupir esgoto', 'Desentupir lava-loiça', 'Sanita entupida', 'Ralo entupido'],
  'torneiras-chuveiros': ['Trocar torneira', 'Instalar chuveiro', 'Torneira a pingar', 'Coluna de duche'],
  'loucas-sanitarias': ['Substituir sanita', 'Instalar lavatório', 'Trocar bidé e sanita'],
  'maquinas-lavar': ['Ligar máquina de lavar roupa', 'Ligação de máquina de lavar loiça', 'Instalar máquina de lavar'],
  autoclismos: ['Reparar autoclismo', 'Autoclismo sempre a correr', 'Trocar mecanismo do autoclismo'],
  'filtragem-agua': ['Filtro de água', 'Instalar osmose inversa', 'Descalcificador de água'],
  'canalizacao-obras': ['Canalização para obra', 'Canalização nova na remodelação', 'Refazer canalização da cozinha'],
  'verificacao-substituicao-esgotos': ['Verificar esgotos', 'Substituir tubo de esgoto', 'Mau cheiro nos esgotos'],
  'testes-hidraulicos': ['Teste hidráulico', 'Ensaio de pressão da canalização', 'Certificação da rede de águas'],
  'pequenas-reparacoes': ['Pequenas reparações', 'Vários arranjos em casa', 'Pequenos trabalhos elétricos e de canalização'],
  'manutencao-periodica': ['Manutenção periódica', 'Manutenção para condomínio', 'Revisão geral da casa'],
  'pequenas-remodelacoes': ['Remodelação da casa de banho', 'Pequena obra na cozinha', 'Trocar banheira por base de duche'],
  'suportes-tv-fixacoes': ['Montar suporte de TV', 'Fixar prateleiras e cortinados', 'Pendurar televisão na parede'],
  'tomadas-danificadas': ['Tomada queimada', 'Substituir tomada partida', 'Tomada com faíscas'],
  'falta-energia': ['Falta de luz em casa', 'Sem eletricidade', 'Metade da casa sem luz'],
  'quadro-eletrico-dispara': ['Quadro elétrico a disparar', 'O diferencial dispara', 'Disjuntor dispara sempre'],
  'fugas-visiveis': ['Inundação na cozinha', 'Fuga de água visível', 'Água a sair pela parede'],
  'entupimentos-graves': ['Entupimento grave', 'Esgoto a transbordar', 'Coluna de esgoto entupida'],
  'problemas-esquentadores': ['Esquentador não acende', 'Termoacumulador sem água quente', 'Avaria no esquentador'],
};
const TITLE_PLACES = [
  '', '', '', '', ' no apartamento', ' na moradia', ' no T1', ' no T2', ' no T3', ' no escritório', ' na loja', ' no restaurante',
  ' no condomínio', ' no armazém', ' na casa de férias', ' no prédio', ' no café', ' na clínica', ' na vivenda',
];

/** Sentences a description is assembled from: `kind` → alternatives. */
const TEXTS: Record<string, string[]> = {
  'prob:eletrica': [
    'A instalação é antiga e já não aguenta os eletrodomésticos todos ligados.',
    'Quero tudo feito de acordo com as regras técnicas e com certificado no fim.',
    'Algumas tomadas deixaram de funcionar e há um cheiro a queimado junto ao quadro.',
    'Preciso de orçamento para material e mão de obra.',
    'As luzes da sala piscam quando ligo o forno.',
    'Comprei os candeeiros, falta só a instalação.',
    'A casa tem cabos de alumínio dos anos 70 que quero substituir.',
    'O quadro não tem diferencial e a seguradora exige um.',
  ],
  'prob:domotica': [
    'Gostava de controlar tudo a partir do telemóvel, também fora de casa.',
    'Já tenho a rede Wi-Fi em todas as divisões.',
    'Procuro uma solução compatível com a Alexa e o Google Home.',
    'Quero receber alertas no telemóvel quando alguém entra.',
    'São seis estores e quatro circuitos de luz.',
    'Prefiro equipamento sem mensalidades.',
    'Quero programar horários diferentes para a semana e o fim de semana.',
  ],
  'prob:hidraulica': [
    'Há água a escorrer por baixo do lavatório.',
    'A conta da água subiu muito e suspeito de uma fuga.',
    'O escoamento está muito lento e cheira mal.',
    'A pressão da água baixou em toda a casa.',
    'A mancha de humidade no teto do vizinho de baixo está a crescer.',
    'Preciso de trocar as peças antigas por novas, já comprei o material.',
    'O problema começou depois das obras no andar de cima.',
    'A torneira de segurança também não fecha bem.',
  ],
  'prob:gerais': [
    'São vários trabalhos pequenos que se fazem numa manhã.',
    'Preciso de alguém de confiança para resolver isto depressa.',
    'Tenho fotografias do problema que posso enviar.',
    'O trabalho anterior ficou mal feito e é preciso refazer.',
    'Quero um orçamento fechado antes de começar.',
    'Já tentei resolver sozinho, sem sucesso.',
    'A avaria aconteceu de repente, ontem à noite.',
  ],
  ctx: [
    'Apartamento T2 dos anos 80.', 'Moradia de dois pisos com jardim.', 'Loja de rua com 60 m².', 'Prédio com oito frações; o pedido é do condomínio.',
    'Casa antiga, recuperada há dez anos.', 'Escritório num terceiro andar sem elevador.', 'Restaurante aberto todos os dias ao almoço.',
    'Apartamento T3 novo, ainda na garantia.', 'Casa de férias que só uso no verão.', 'Armazém com pé-direito alto.', 'Rés-do-chão com quintal.',
    'Apartamento arrendado; o senhorio já autorizou.',
  ],
  avail: [
    'Estou disponível ao fim da tarde e aos sábados.', 'Prefiro orçamento antes de começar.', 'Tenho os materiais, procuro só a mão de obra.',
    'Preciso de fatura com NIF.', 'Há estacionamento à porta.', 'Posso receber em qualquer dia útil de manhã.', 'A chave fica com a vizinha do lado.',
    'Pagamento por MB WAY ou transferência.', 'Gostava de marcar para a próxima semana.', 'Envio fotografias a quem se candidatar.', '',
  ],
  urg: ['É urgente, se possível ainda hoje.', 'Preciso de alguém o mais depressa possível.', 'Não pode esperar pelo fim de semana.'],
  piquete: ['Só posso receber à noite ou ao fim de semana.', 'É fora de horas, pago a deslocação de piquete.', 'Feriado, mas não pode esperar.'],
  avaria: ['Estamos sem solução neste momento, preciso de ajuda já.', 'A casa está sem água quente desde ontem.', 'Está tudo parado, preciso de ajuda agora.'],
  'rev:5:a': ['Excelente profissional.', 'Serviço impecável.', 'Muito satisfeito com o trabalho.', 'Recomendo sem hesitar.', 'Cinco estrelas.', 'Trabalho perfeito.', 'Fiquei encantada com o serviço.'],
  'rev:5:b': ['Chegou à hora marcada e explicou tudo.', 'Deixou tudo limpo e arrumado.', 'Resolveu o problema em menos de uma hora.', 'Preço justo e orçamento cumprido.', 'Muito simpático e pontual.', 'Deu boas sugestões para evitar problemas futuros.'],
  'rev:5:c': ['Voltarei a contratar.', 'Recomendo vivamente!', 'Obrigado pela rapidez.', '', 'Muito obrigada!'],
  'rev:4:a': ['Bom trabalho.', 'Serviço competente.', 'Fiquei satisfeita.', 'Trabalho bem feito.', 'Bom profissional.'],
  'rev:4:b': ['Demorou um pouco mais do que o previsto, mas ficou bem.', 'Chegou com algum atraso, mas resolveu.', 'Preço um pouco acima do esperado.', 'Teve de voltar para acabar um pormenor.', 'Explicou bem o que estava mal.'],
  'rev:4:c': ['Recomendo.', '', 'No geral, positivo.', 'Voltaria a chamar.'],
  'rev:3:a': ['Serviço razoável.', 'Cumpriu, sem mais.', 'Nem bom nem mau.', 'Trabalho aceitável.'],
  'rev:3:b': ['Foi preciso voltar uma segunda vez.', 'A comunicação podia ser melhor.', 'Demorou a responder às mensagens.', 'O acabamento podia ser mais cuidado.'],
  'rev:3:c': ['', 'Talvez volte a chamar.', 'Esperava um pouco mais.'],
  'rev:1:a': ['Não recomendo.', 'Fiquei desiludido.', 'Mau serviço.', 'Experiência má.'],
  'rev:1:b': ['Faltou à primeira marcação.', 'O problema voltou passados dois dias.', 'Deixou a obra suja.', 'Cobrou mais do que o combinado.', 'Não resolveu o problema.'],
  'rev:1:c': ['', 'Tive de chamar outro técnico.', 'Não volto a contratar.'],
  'bio:eletrica:m': ['Eletricista'], 'bio:eletrica:f': ['Eletricista'],
  'bio:domotica:m': ['Instalador de domótica'], 'bio:domotica:f': ['Instaladora de domótica'],
  'bio:hidraulica:m': ['Canalizador'], 'bio:hidraulica:f': ['Canalizadora'],
  'bio:gerais:m': ['Técnico de manutenção'], 'bio:gerais:f': ['Técnica de manutenção'],
  'bio:fim': [
    ' Orçamentos gratuitos.', ' Trabalho com garantia e fatura.', ' Atendimento rápido e pontual.', ' Também fins de semana.',
    ' Certificado pela DGEG.', ' Trabalhos pequenos e grandes.', '',
  ],
};

// ---------------------------------------------------------------------------------------------

const PLAN_WEIGHTS: Record<string, number> = { basico: 5, poupanca: 15, profissional: 35, elite: 45 };
const DAY = 86_400;

/** `items` repeated by weight (weights scaled by `unit`, at least once each). */
function expand<T>(items: [T, number][], unit = 1): T[] {
  return items.flatMap(([v, w]) => Array<T>(Math.max(1, Math.round(w * unit))).fill(v));
}

function places(): { cidade: string[]; bairro: string[] } {
  const cidade: string[] = [];
  const bairro: string[] = [];
  for (const d of DISTRICTS) {
    const total = DISTRICT_POP[d.value] ?? 100;
    const known = d.concelhos.filter((c) => c in CONCELHO_POP);
    const rest = Math.max(total - known.reduce((s, c) => s + CONCELHO_POP[c], 0), total * 0.1);
    const each = rest / Math.max(1, d.concelhos.length - known.length);
    for (const c of d.concelhos) {
      // One entry per 100 inhabitants: a tiny municipality is picked rarely but can be.
      const n = Math.max(1, Math.round((CONCELHO_POP[c] ?? each) * 10));
      for (let i = 0; i < n; i++) {
        cidade.push(c);
        bairro.push(d.label);
      }
    }
  }
  return { cidade, bairro };
}

/** How many alternatives a kind of sentence has (a constant in the SQL, so the planner needs no lookup). */
const len = (kind: string) => {
  const list = TEXTS[kind];
  if (!list) throw new Error(`no sentences of kind ${kind}`);
  return String(list.length);
};
/** The same, for a kind that depends on a column: CASE column WHEN value THEN count ... END. */
const lenCase = (expr: string, kinds: Record<string | number, string>) =>
  `CASE ${expr} ${Object.entries(kinds).map(([v, k]) => `WHEN '${v}' THEN ${len(k)}`).join(' ')} END`;

const initials = (first: string, last: string) => `${first[0]!.toUpperCase()}${last[0]!.toUpperCase()}`;

/** An integer for SQL text (validated: everything interpolated into the statements is a number we computed). */
const n = (v: number) => {
  if (!Number.isFinite(v)) throw new Error(`not a number: ${v}`);
  return String(v);
};

/** Command-line flags; `--scale F` multiplies every size, the defaults and any given with a flag. */
export function parseArgs(argv: string[]): { sizes: Sizes; force: boolean; dataDir?: string } {
  const sizes: Sizes = { ...DEFAULT_SIZES };
  let scale = 1;
  let force = false;
  let dataDir: string | undefined;
  const keys = new Set(Object.keys(sizes));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--force') force = true;
    else if (a === '--scale') scale = Number(value());
    else if (a === '--data-dir') dataDir = value();
    else if (a.startsWith('--') && keys.has(a.slice(2))) sizes[a.slice(2) as keyof Sizes] = Number(value());
    else throw new Error(`unknown argument ${a} (use --profissionais --clientes --requests --reviews --payments N, --scale F, --force, --data-dir DIR)`);
  }
  if (!(scale > 0)) throw new Error('--scale must be a positive number');
  for (const k of Object.keys(sizes) as (keyof Sizes)[]) {
    const v = Math.round(sizes[k] * scale);
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${k} must be a whole number`);
    sizes[k] = v;
  }
  sizes.profissionais = Math.max(sizes.profissionais, 1);
  sizes.clientes = Math.max(sizes.clientes, 2);
  return { sizes, force, dataDir };
}

const TABLES = ['admins', 'clientes', 'profissionais', 'requests', 'subscriptions', 'candidaturas', 'credit_ledger', 'payments', 'payment_events', 'reviews', 'otp_codes', 'audit_log', 'notificacoes', 'garantias', 'lead_reports'];

type Conn = Awaited<ReturnType<typeof connect>>;

async function connect(url: string, name: string, log: (l: string) => void) {
  const client = new pg.Client({ connectionString: url, application_name: name });
  await client.connect();
  const q = (sqlText: string, params?: unknown[]) => client.query(sqlText, params);
  const one = async <T = number>(sqlText: string, params?: unknown[]) => Object.values((await q(sqlText, params)).rows[0] ?? {})[0] as T;
  const step = async (label: string, sqlText: string, params?: unknown[]) => {
    const t = Date.now();
    const r = await q(sqlText, params);
    log(`  ${label.padEnd(34, '.')} ${String(r.rowCount ?? '').padStart(9)} rows ${((Date.now() - t) / 1000).toFixed(1).padStart(6)} s`);
    return r;
  };
  return { client, q, one, step, end: () => client.end() };
}

/**
 * Bulk-load settings for this session: no wait for the WAL flush at each commit, no statement
 * timeout, memory for the sorts, hash joins (every join here is an equi-join on a computed pick, which
 * the planner cannot estimate). As a superuser, also `session_replication_role = replica`: the
 * foreign-key triggers do not fire for rows this session inserts (every reference is built from
 * existing rows; the test checks them). Nothing is dropped or altered. Returns whether FK checks are off.
 */
/** The trigram indexes' pending list during the load, in kB (see the load's step 2). */
const GIN_LOAD_PENDING_KB = 32768;

async function bulkSession(c: Conn): Promise<boolean> {
  for (const s of [`SET synchronous_commit = off`, `SET statement_timeout = 0`, `SET work_mem = '256MB'`, `SET maintenance_work_mem = '512MB'`,
    `SET max_parallel_workers_per_gather = 0`, `SET enable_nestloop = off`, `SELECT setseed(0.2026)`]) await c.q(s);
  try {
    await c.q(`SET session_replication_role = replica`);
    return true;
  } catch {
    return false;
  }
}

/** A temporary table from parallel arrays (one per column). */
async function temp(c: Conn, name: string, cols: [string, string][], data: unknown[][]) {
  await c.q(`DROP TABLE IF EXISTS ${name}`);
  const sel = cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  await c.q(`CREATE TEMP TABLE ${name} AS SELECT * FROM unnest(${sel}) AS x(${cols.map(([col]) => col).join(', ')})`, data);
  await c.q(`ANALYZE ${name}`);
}

/** The word lists as temporary tables, indexed by a dense 1..n so that a random pick is an equi-join. */
async function loadWords(c: Conn) {
  const indexed = (values: string[]) => [values.map((_, i) => i + 1), values];
  const fm = expand(FIRST_M);
  const ff = expand(FIRST_F);
  const sn = expand(SURNAMES);
  await temp(c, 'g_first', [['sexo', 'text'], ['i', 'int'], ['nome', 'text']], [
    [...fm.map(() => 'm'), ...ff.map(() => 'f')], [...fm.map((_, i) => i + 1), ...ff.map((_, i) => i + 1)], [...fm, ...ff],
  ]);
  await temp(c, 'g_surname', [['i', 'int'], ['nome', 'text']], indexed(sn));
  const pl = places();
  await temp(c, 'g_place', [['i', 'int'], ['cidade', 'text'], ['bairro', 'text']], [pl.cidade.map((_, i) => i + 1), pl.cidade, pl.bairro]);
  if (SPECIALTIES.some((s) => !TITLES[s.value]?.length)) throw new Error('a specialty has no titles in the generator');
  await temp(c, 'g_spec', [['value', 'text'], ['grupo', 'text'], ['ntitles', 'int']], [
    SPECIALTIES.map((s) => s.value), SPECIALTIES.map((s) => s.group), SPECIALTIES.map((s) => TITLES[s.value].length),
  ]);
  const specPick = expand(SPECIALTIES.map((s) => [s.value, SPECIALTY_WEIGHT[s.value] ?? 2]));
  await temp(c, 'g_spec_pick', [['i', 'int'], ['value', 'text']], indexed(specPick));
  const titleRows = SPECIALTIES.flatMap((s) => TITLES[s.value].map((t, k) => [s.value, k + 1, t] as const));
  await temp(c, 'g_title', [['esp', 'text'], ['k', 'int'], ['txt', 'text']], [titleRows.map((r) => r[0]), titleRows.map((r) => r[1]), titleRows.map((r) => r[2])]);
  await temp(c, 'g_tplace', [['k', 'int'], ['txt', 'text']], indexed(TITLE_PLACES));
  const textRows = Object.entries(TEXTS).flatMap(([kind, list]) => list.map((t, k) => [kind, k + 1, t] as const));
  await temp(c, 'g_text', [['kind', 'text'], ['k', 'int'], ['txt', 'text']], [textRows.map((r) => r[0]), textRows.map((r) => r[1]), textRows.map((r) => r[2])]);
  const plans = CREDIT_PLANS.map((p) => [p.value, p.nome, p.creditos, p.precoEuros * 100] as const);
  await temp(c, 'g_plan', [['plano', 'text'], ['nome', 'text'], ['creditos', 'int'], ['valor', 'int']], [plans.map((p) => p[0]), plans.map((p) => p[1]), plans.map((p) => p[2]), plans.map((p) => p[3])]);
  const planPick = expand(CREDIT_PLANS.map((p) => [p.value, PLAN_WEIGHTS[p.value] ?? 10]));
  await temp(c, 'g_plan_pick', [['i', 'int'], ['plano', 'text']], indexed(planPick));
  return { NF_M: fm.length, NF_F: ff.length, NS: sn.length, NPL: pl.cidade.length, NSP: specPick.length, NPP: planPick.length };
}

export async function generate(opts: GenerateOptions): Promise<GenerateResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const started = Date.now();
  const S = opts.sizes;

  // 1. Migrate (openDatabase does), catalogue, then the demo people on an empty database.
  const database = await openDatabase({ url: opts.url, statementTimeoutMs: 0 });
  // Two connections: the steps that do not depend on each other run side by side (2 cores).
  const c1 = await connect(opts.url, 'tc-bench-generate-1', log);
  const c2 = await connect(opts.url, 'tc-bench-generate-2', log);
  const { q, one, step } = c1;
  let restoreGin: (() => Promise<void>) | undefined;
  try {
    await syncCatalogue(database.db);
    const existing = (await q(`select (select count(*) from clientes)::int c, (select count(*) from profissionais)::int p,
      (select count(*) from requests)::int r, (select count(*) from admins)::int a,
      exists (select 1 from admins where email = $1) demo`, [DEMO_ADMIN.email])).rows[0] as { c: number; p: number; r: number; a: number; demo: boolean };
    const onlyDemo = existing.c <= DEMO_CLIENTES.length && existing.p <= DEMO_PROFISSIONAIS.length && existing.r <= DEMO_PROJETOS.length && (existing.a === 0 || existing.demo);
    if (!onlyDemo && !opts.force) {
      throw new AlreadyFilledError(
        `The database already has data (${existing.r} projects, ${existing.p} professionals, ${existing.c} clients). ` +
          'Use --force to empty every table and generate again.',
      );
    }
    if (opts.force) {
      // Every table but the catalogue and the migrations' record: the ones tied to a user by type and
      // id (terms accepted, notifications, e-mails) have no foreign key for CASCADE to follow.
      const all = (await q(`SELECT quote_ident(tablename) t FROM pg_tables WHERE schemaname = current_schema()
        AND tablename NOT IN ('especialidades', '__drizzle_migrations') ORDER BY 1`)).rows.map((r: { t: string }) => r.t);
      log(`Emptying ${all.length} tables (--force)...`);
      await q(`TRUNCATE ${all.join(', ')} RESTART IDENTITY CASCADE`);
    }
    const storage = opts.storage ?? (await storageFromEnv({ ...storageEnvFrom(process.env), DATA_DIR: opts.dataDir }));
    await seedDemo(database.db, { storage });
    const admin = await one<number | undefined>('select id from admins where email = $1', [DEMO_ADMIN.email]);
    if (!admin) throw new Error('the demo admin is missing after seeding');

    // 2. Session: bulk-load settings (these connections only).
    const noTriggers = (await bulkSession(c1)) && (await bulkSession(c2));
    if (!noTriggers) log('  (not a superuser: foreign keys are checked row by row, which is slower)');
    // The trigram (GIN) indexes merge their list of pending entries every 128 kB (migration 0010, for
    // searches): a million rows merged 128 kB at a time was a third of the load. For the load the
    // lists may grow to 32 MB (merged in large batches; a larger list would leave as much free space
    // in the index once merged: 1 GB let the projects' index grow to 1.1 GB); the settings are put
    // back before the closing VACUUM merges what is left.
    const ginIndexes = (
      await q(`SELECT c.relname, c.reloptions FROM pg_class c JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace ns ON ns.oid = c.relnamespace
        WHERE am.amname = 'gin' AND c.relkind = 'i' AND ns.nspname = current_schema()`)
    ).rows as { relname: string; reloptions: string[] | null }[];
    // What to put back: the index's own setting, unless it is the load's (left by a run that failed
    // before putting it back), then the app's (128 kB on trigram indexes, the default on the others).
    const loadSetting = `gin_pending_list_limit=${GIN_LOAD_PENDING_KB}`;
    restoreGin = async () => {
      restoreGin = undefined;
      for (const g of ginIndexes) {
        const own = g.reloptions?.find((o) => o.startsWith('gin_pending_list_limit='));
        const limit = own && own !== loadSetting ? own : g.relname.endsWith('_trgm') ? 'gin_pending_list_limit=128' : undefined;
        await q(`ALTER INDEX "${g.relname}" ${limit ? `SET (${limit})` : 'RESET (gin_pending_list_limit)'}`);
      }
    };
    for (const g of ginIndexes) await q(`ALTER INDEX "${g.relname}" SET (gin_pending_list_limit = ${GIN_LOAD_PENDING_KB})`);

    log(`Generating ${S.profissionais} professionals, ${S.clientes} clients, ${S.requests} projects, ${S.reviews} reviews, ${S.payments} payments`);
    const senhaHash = await hashPassword(DEMO_PASSWORD);

    // 3. Word lists into temporary tables (on both connections).
    const W = await loadWords(c1);
    await loadWords(c2);

    // Avatars: one file per pair of initials, so every photo shows the right letters.
    const pairs = new Set<string>();
    for (const [f] of [...FIRST_M, ...FIRST_F]) for (const [s] of SURNAMES) pairs.add(initials(f, s));
    const avatarIni: string[] = [];
    const avatarKey: string[] = [];
    for (const p of pairs) {
      avatarIni.push(p);
      avatarKey.push(await storage.put('public', await initialsAvatar(p.split('').join(' ')), 'webp'));
    }
    await temp(c1, 'g_avatar', [['ini', 'text'], ['key', 'text']], [avatarIni, avatarKey]);

    const { NF_M, NF_F, NS, NPL, NSP, NPP } = W;
    const admins = [admin];
    // A few more moderators share the back-office work (verifications, audit log).
    const extraAdmins = await q(
      `INSERT INTO admins (nome, email, senha_hash, criado_por, criado_em)
       SELECT nome, email, $1, $2, now() - interval '700 days' FROM unnest($3::text[], $4::text[]) x(nome, email) RETURNING id`,
      [senhaHash, admin, ['Rita Moderadora', 'Paulo Moderador', 'Joana Moderadora', 'Nuno Moderador'], ['rita.moderadora@tecnicocerto.pt', 'paulo.moderador@tecnicocerto.pt', 'joana.moderadora@tecnicocerto.pt', 'nuno.moderador@tecnicocerto.pt']],
    );
    admins.push(...extraAdmins.rows.map((r: { id: number }) => r.id));
    const adminArr = `array[${admins.map(n).join(',')}]`;
    const pickAdmin = `(${adminArr})[1 + floor(random() * ${admins.length})::int]`;

    // Time: users sign up over ~2 years with growth (a^0.6: fewer early, more lately); user i's
    // sign-up date is increasing in i, so "who existed at time t" is a prefix of the ids.
    const nowSec = Math.floor(Date.now() / 1000);
    const NOW = `to_timestamp(${n(nowSec)})`;
    const A = 0.6;
    const PT0 = nowSec - 800 * DAY, PSPAN = 800 * DAY - 3600;
    const CT0 = nowSec - 760 * DAY, CSPAN = 760 * DAY - 3600;
    const RT0 = nowSec - 730 * DAY, RSPAN = 730 * DAY - 60;
    const pb = await one<number>('select coalesce(max(id), 0)::int from profissionais');
    const cb = await one<number>('select coalesce(max(id), 0)::int from clientes');
    const rb = await one<number>('select coalesce(max(id), 0)::int from requests');
    const cdb = await one<number>('select coalesce(max(id), 0)::int from candidaturas');
    const payb = await one<number>('select coalesce(max(id), 0)::int from payments');
    const vb = await one<number>('select coalesce(max(id), 0)::int from reviews');
    const P = S.profissionais, C = S.clientes;
    const userTime = (t0: number, span: number, i: string, total: number) => `to_timestamp(${n(t0)} + ${n(span)} * power((${i} - 1)::float8 / ${n(total)}, ${A}))`;

    // 4. Professionals: weighted names and places, specialties of one trade, most verified, most with a photo.
    await step('profissionais', `
      INSERT INTO profissionais (id, nome, email, senha_hash, cidade, bairro, telefone, bio, foto_key, especialidades, consentimento_em,
        verificacao, verificado_em, verificado_por, criado_em)
      OVERRIDING SYSTEM VALUE
      WITH b AS MATERIALIZED (
        SELECT i, CASE WHEN random() < 0.86 THEN 'm' ELSE 'f' END sexo, random() uf, 1 + floor(random() * ${n(NS)})::int s1,
          1 + floor(random() * ${n(NS)})::int s2, 1 + floor(random() * ${n(NPL)})::int pl, random() ug, random() uv, random() un,
          random() ubio, random() ubf, random() ufoto, random() utel, 1 + floor(random() * 4)::int nesp, ${userTime(PT0, PSPAN, 'i', P)} criado_em
        FROM generate_series(1, ${n(P)}) i
      ), g AS MATERIALIZED (
        SELECT b.*, f.nome first, s2.nome last,
          f.nome || CASE WHEN b.un < 0.3 OR s1.nome = s2.nome THEN '' ELSE ' ' || s1.nome END || ' ' || s2.nome nome,
          CASE WHEN b.ug < 0.40 THEN 'eletrica' WHEN b.ug < 0.72 THEN 'hidraulica' WHEN b.ug < 0.87 THEN 'gerais' ELSE 'domotica' END grupo,
          p.cidade, p.bairro
        FROM b
        JOIN g_first f ON f.sexo = b.sexo AND f.i = 1 + floor(b.uf * CASE b.sexo WHEN 'm' THEN ${n(NF_M)} ELSE ${n(NF_F)} END)::int
        JOIN g_surname s1 ON s1.i = b.s1 JOIN g_surname s2 ON s2.i = b.s2 JOIN g_place p ON p.i = b.pl
      )
      SELECT ${n(pb)} + g.i, g.nome,
        lower(f_unaccent(g.first)) || '.' || lower(f_unaccent(g.last)) || '.' || (${n(pb)} + g.i) || '@exemplo.pt', $1,
        g.cidade, g.bairro,
        CASE WHEN g.utel < 0.9 THEN '+3519' || (array['1','2','3','6'])[1 + floor(g.utel * 40)::int % 4] || lpad((floor(random() * 10000000))::int::text, 7, '0') END,
        CASE WHEN g.ubio < 0.7 THEN bt.txt || ' com ' || (3 + floor(g.ubio * 40)::int) || ' anos de experiência em ' || g.cidade || ' e arredores.' || bf.txt END,
        CASE WHEN g.ufoto < 0.65 THEN av.key END,
        array(SELECT s.value FROM g_spec s WHERE s.grupo = g.grupo ORDER BY random() LIMIT g.nesp),
        CASE WHEN g.uv < 0.78 THEN g.criado_em + interval '1 hour' END,
        CASE WHEN g.uv < 0.70 THEN 'VERIFICADO' WHEN g.uv < 0.75 THEN 'PENDENTE' WHEN g.uv < 0.78 THEN 'RECUSADO' END::verification_status,
        CASE WHEN g.uv < 0.70 OR (g.uv >= 0.75 AND g.uv < 0.78) THEN least(${NOW}, g.criado_em + random() * interval '10 days') END,
        CASE WHEN g.uv < 0.70 OR (g.uv >= 0.75 AND g.uv < 0.78) THEN ${pickAdmin} END,
        g.criado_em
      FROM g
      JOIN g_text bt ON bt.kind = 'bio:' || g.grupo || ':' || g.sexo AND bt.k = 1
      JOIN g_text bf ON bf.kind = 'bio:fim' AND bf.k = 1 + floor(g.ubf * ${len('bio:fim')})::int
      LEFT JOIN g_avatar av ON av.ini = upper(left(g.first, 1)) || upper(left(g.last, 1))
      ORDER BY g.i`, [senhaHash]);
    await step('subscriptions', `
      INSERT INTO subscriptions (profissional_id, creditos_restantes, criado_em)
      SELECT id, 0, criado_em FROM profissionais WHERE id > ${n(pb)} ORDER BY id`);

    // 5. Clients.
    await step('clientes', `
      INSERT INTO clientes (id, nome, email, senha_hash, telefone, foto_key, criado_em, email_confirmado_em)
      OVERRIDING SYSTEM VALUE
      WITH b AS MATERIALIZED (
        SELECT i, CASE WHEN random() < 0.5 THEN 'm' ELSE 'f' END sexo, random() uf, 1 + floor(random() * ${n(NS)})::int s1,
          1 + floor(random() * ${n(NS)})::int s2, random() un, random() ufoto, random() utel, ${userTime(CT0, CSPAN, 'i', C)} criado_em
        FROM generate_series(1, ${n(C)}) i
      ), g AS MATERIALIZED (
        SELECT b.*, f.nome first, s2.nome last,
          f.nome || CASE WHEN b.un < 0.4 OR s1.nome = s2.nome THEN '' ELSE ' ' || s1.nome END || ' ' || s2.nome nome
        FROM b
        JOIN g_first f ON f.sexo = b.sexo AND f.i = 1 + floor(b.uf * CASE b.sexo WHEN 'm' THEN ${n(NF_M)} ELSE ${n(NF_F)} END)::int
        JOIN g_surname s1 ON s1.i = b.s1 JOIN g_surname s2 ON s2.i = b.s2
      )
      SELECT ${n(cb)} + g.i, g.nome, lower(f_unaccent(g.first)) || '.' || lower(f_unaccent(g.last)) || '.' || (${n(cb)} + g.i) || '@exemplo.pt', $1,
        CASE WHEN g.utel < 0.75 THEN '+3519' || (array['1','2','3','6'])[1 + floor(g.utel * 40)::int % 4] || lpad((floor(random() * 10000000))::int::text, 7, '0') END,
        CASE WHEN g.ufoto < 0.25 THEN av.key END,
        g.criado_em, g.criado_em
      FROM g LEFT JOIN g_avatar av ON av.ini = upper(left(g.first, 1)) || upper(left(g.last, 1))
      ORDER BY g.i`, [senhaHash]);

    // 6. Projects: a few heavy clients (200-400 each, the earliest sign-ups, dated between their
    // sign-up and now), then everyone else's; inserted in date order.
    const H = S.requests >= 2000 ? Math.min(50, Math.max(1, Math.round(S.requests / 20_000)), C - 1) : 0;
    await q(`DROP TABLE IF EXISTS g_req0`);
    await q(`CREATE TEMP TABLE g_req0 (cliente_id int, criado_em timestamptz)`);
    if (H > 0) {
      await q(`
        INSERT INTO g_req0
        SELECT c.id, c.criado_em + random() * (${NOW} - c.criado_em)
        FROM (SELECT ${n(cb)} + h AS id, 200 + floor(random() * 201)::int AS k FROM generate_series(1, ${n(H)}) h) hh
        JOIN clientes c ON c.id = hh.id
        CROSS JOIN LATERAL generate_series(1, hh.k)
        LIMIT ${n(Math.floor(S.requests / 2))}`);
    }
    const heavy = await one<number>('select count(*)::int from g_req0');
    // The others: dates over two years with mild growth; each by a client who had signed up by then
    // (a prefix of the ids, so older clients have more projects).
    await q(`
      INSERT INTO g_req0
      SELECT c.id, greatest(x.t, c.criado_em + interval '1 minute')
      FROM (
        SELECT x.t, ${n(cb)} + ${n(H)} + 1 + floor(random() * greatest(1, least(${n(C - H)}::float8,
          1 + floor(${n(C)} * power(greatest(date_part('epoch', x.t) - ${n(CT0)}, 0) / ${n(CSPAN)}, ${1 / A})) - ${n(H)})))::int AS id
        FROM (SELECT to_timestamp(${n(RT0)} + ${n(RSPAN)} * power(random(), 0.75)) t FROM generate_series(1, ${n(S.requests - heavy)})) x
      ) x
      JOIN clientes c ON c.id = x.id`);
    await step('requests', `
      INSERT INTO requests (titulo, descricao, cidade, bairro, especialidade, contato, tempo, cliente_id, creditos, status, criado_em, aprovado_em, concluido_em, busca_admin, candidaturas_n)
      WITH b AS MATERIALIZED (
        SELECT x.cliente_id, x.criado_em, random() ut, random() us, random() uesp, random() utit, random() utp, random() upl, random() uplx,
          random() up, random() uc, random() ua, random() ud1, random() ud2, random() ud3, random() ud4, random() uk, random() uconc, random() uapp,
          date_part('epoch', ${NOW} - x.criado_em) / 86400 AS age
        FROM g_req0 x
      ), s AS MATERIALIZED (
        SELECT b.*, sp.value esp, gs.grupo, gs.ntitles,
          (CASE WHEN b.ut < 0.60 THEN 'NORMAL' WHEN b.ut < 0.80 THEN 'URGENTE' WHEN b.ut < 0.88 THEN 'PIQUETE' ELSE 'AVARIA' END)::time_option tempo,
          (CASE WHEN b.age < 2 AND b.us < 0.5 THEN 'ESPERA' WHEN b.age >= 2 AND b.us < 0.01 THEN 'ESPERA'
                WHEN b.up < CASE WHEN b.age < 45 THEN 0.75 ELSE 0.30 END THEN 'ABERTO' ELSE 'CONCLUIDO' END)::project_status status,
          -- The client's own town most of the time (a stable pick per client), elsewhere sometimes.
          CASE WHEN b.uplx < 0.8 THEN 1 + (b.cliente_id::bigint * 7919 % ${n(NPL)})::int ELSE 1 + floor(b.upl * ${n(NPL)})::int END AS pl
        FROM b JOIN g_spec_pick sp ON sp.i = 1 + floor(b.uesp * ${n(NSP)})::int JOIN g_spec gs ON gs.value = sp.value
      ), t AS MATERIALIZED (
        SELECT s.*, s.criado_em + (0.02 + random()) * least(interval '2 days', (${NOW} - s.criado_em) / 2) AS aprovado
        FROM s
      )
      SELECT tt.txt || tp.txt,
        d1.txt || ' ' || d2.txt || CASE WHEN d3.txt = '' THEN '' ELSE ' ' || d3.txt END
          || CASE t.tempo WHEN 'URGENTE' THEN ' ' || u1.txt WHEN 'PIQUETE' THEN ' ' || u2.txt WHEN 'AVARIA' THEN ' ' || u3.txt ELSE '' END,
        p.cidade, p.bairro, t.esp, coalesce(c.telefone, c.email), t.tempo, t.cliente_id,
        CASE WHEN t.status = 'ESPERA' THEN NULL
             WHEN t.uc < CASE t.status WHEN 'ABERTO' THEN 0.90 ELSE 0.98 END
               THEN 3 + floor(t.uk * 9)::int + CASE WHEN t.tempo = 'NORMAL' THEN 0 ELSE 3 END + CASE WHEN t.grupo = 'domotica' THEN 2 ELSE 0 END END,
        t.status, t.criado_em,
        CASE WHEN t.status <> 'ESPERA' THEN t.aprovado END,
        CASE WHEN t.status = 'CONCLUIDO' THEN t.aprovado + t.uconc * least(interval '30 days', ${NOW} - t.aprovado) END,
        -- What migration 0013's trigger writes (no trigger fires in this session).
        lower(f_unaccent(tt.txt || tp.txt || ' ' || p.cidade || ' ' || p.bairro)) || ' ' || c.busca,
        -- How many will apply (0-5, about 2), on approved, priced projects: step 7 inserts that many, and
        -- writing the count now spares rewriting 800 k rows afterwards (migration 0012's trigger is off).
        CASE WHEN t.status <> 'ESPERA' AND t.uc < CASE t.status WHEN 'ABERTO' THEN 0.90 ELSE 0.98 END
          THEN CASE WHEN t.uapp < 0.15 THEN 0 WHEN t.uapp < 0.40 THEN 1 WHEN t.uapp < 0.65 THEN 2 WHEN t.uapp < 0.82 THEN 3 WHEN t.uapp < 0.92 THEN 4 ELSE 5 END
          ELSE 0 END
      FROM t
      JOIN clientes c ON c.id = t.cliente_id
      JOIN g_place p ON p.i = t.pl
      JOIN g_title tt ON tt.esp = t.esp AND tt.k = 1 + floor(t.utit * t.ntitles)::int
      JOIN g_tplace tp ON tp.k = 1 + floor(t.utp * ${n(TITLE_PLACES.length)})::int
      JOIN g_text d1 ON d1.kind = 'prob:' || t.grupo AND d1.k = 1 + floor(t.ud1 * ${lenCase('t.grupo', Object.fromEntries(GROUPS.map((g) => [g, `prob:${g}`])))})::int
      JOIN g_text d2 ON d2.kind = 'ctx' AND d2.k = 1 + floor(t.ud2 * ${len('ctx')})::int
      JOIN g_text d3 ON d3.kind = 'avail' AND d3.k = 1 + floor(t.ud3 * ${len('avail')})::int
      JOIN g_text u1 ON u1.kind = 'urg' AND u1.k = 1 + floor(t.ud4 * ${len('urg')})::int
      JOIN g_text u2 ON u2.kind = 'piquete' AND u2.k = 1 + floor(t.ud4 * ${len('piquete')})::int
      JOIN g_text u3 ON u3.kind = 'avaria' AND u3.k = 1 + floor(t.ud4 * ${len('avaria')})::int
      ORDER BY t.criado_em`);
    await q('DROP TABLE g_req0');

    // 7. Applications: as many as the project's count says (about 2 per priced, approved project), by
    // professionals who had already signed up, within 5 days of approval (and before completion); in
    // time order.
    await step('candidaturas', `
      INSERT INTO candidaturas (request_id, profissional_id, subscription_id, creditos, criado_em)
      WITH b AS MATERIALIZED (
        SELECT r.id, r.creditos, r.aprovado_em, coalesce(r.concluido_em, ${NOW}) fim, r.candidaturas_n k
        FROM requests r WHERE r.id > ${n(rb)} AND r.candidaturas_n > 0
      ), c AS MATERIALIZED (
        SELECT b.id, b.creditos, b.aprovado_em + random() * least(interval '5 days', b.fim - b.aprovado_em) t
        FROM b CROSS JOIN LATERAL generate_series(1, b.k)
      ), p AS MATERIALIZED (
        SELECT c.*, ${n(pb)} + 1 + floor(random() * least(${n(P)}::float8,
          1 + floor(${n(P)} * power(greatest(date_part('epoch', c.t) - ${n(PT0)}, 0) / ${n(PSPAN)}, ${1 / A}))))::int AS prof
        FROM c
      )
      SELECT p.id, p.prof, s.id, p.creditos, p.t
      FROM p JOIN subscriptions s ON s.profissional_id = p.prof
      ORDER BY p.t
      ON CONFLICT (request_id, profissional_id) DO NOTHING`);
    // The few projects where a professional drawn twice was skipped (ON CONFLICT) get their real count
    // (and all of them if the triggers did fire, without the superuser's replica role).
    await step('requests: candidaturas_n', `
      UPDATE requests r SET candidaturas_n = x.n
      FROM (SELECT r.id, count(c.request_id)::int n FROM requests r LEFT JOIN candidaturas c ON c.request_id = r.id
            WHERE r.id > ${n(rb)} GROUP BY r.id) x
      WHERE x.id = r.id AND r.candidaturas_n <> x.n`);

    // 7b. The client's choice: every completed project with applicants chose one of them (the job was
    // done by someone), and a tenth of the open ones already did (a choice takes the job out of job
    // search). Chosen between the application and completion (or within two days).
    await step('requests: escolhido', `
      UPDATE requests r SET escolhido_id = x.profissional_id,
        escolhido_em = x.criado_em + random() * least(interval '2 days', greatest(coalesce(r.concluido_em, ${NOW}) - x.criado_em, interval '0'))
      FROM (
        SELECT DISTINCT ON (c.request_id) c.request_id, c.profissional_id, c.criado_em
        FROM candidaturas c WHERE c.id > ${n(cdb)}
        ORDER BY c.request_id, random()
      ) x
      WHERE r.id = x.request_id AND (r.status = 'CONCLUIDO' OR (r.status = 'ABERTO' AND random() < 0.10))`);

    // 7c. Reported contacts ("no paying for dead leads", modules/leads): one in fifty applications the
    // client did not choose, reported within the 7 days after applying. Those older than three days
    // were decided by an admin a day or two later: refunded (the application's reembolsado_em, and a
    // REEMBOLSO line in the ledger below) or refused; the recent ones wait in the back office's queue.
    // Each decision is in the audit log.
    const motivos = `(array['CONTACTO_INVALIDO', 'CLIENTE_NAO_RESPONDE', 'DUPLICADO'])[1 + floor(random() * 3)::int]`;
    await step('lead_reports', `
      INSERT INTO lead_reports (candidatura_id, request_id, profissional_id, motivo, nota, estado, criado_em, decidido_em, decidido_por)
      SELECT id, request_id, profissional_id, motivo, nota,
        CASE WHEN decidido IS NULL THEN 'ABERTO' WHEN random() < 0.6 THEN 'REEMBOLSADO' ELSE 'RECUSADO' END,
        t, decidido, CASE WHEN decidido IS NOT NULL THEN ${pickAdmin} END
      FROM (
        SELECT c.id, c.request_id, c.profissional_id, ${motivos} motivo,
          CASE WHEN random() < 0.4 THEN 'Liguei várias vezes e ninguém atende; o número parece não existir.' END nota, x.t,
          CASE WHEN x.t < ${NOW} - interval '3 days' THEN least(x.t + interval '1 day' + random() * interval '1 day', ${NOW}) END decidido
        FROM (
          SELECT c.*, row_number() OVER (ORDER BY c.id) k FROM candidaturas c JOIN requests r ON r.id = c.request_id
          WHERE c.id > ${n(cdb)} AND r.escolhido_id IS DISTINCT FROM c.profissional_id
        ) c
        CROSS JOIN LATERAL (SELECT least(c.criado_em + random() * interval '7 days', ${NOW} - interval '1 minute') t) x
        WHERE c.k % 50 = 1
      ) y ORDER BY t`);
    await step('candidaturas: refunded', `
      UPDATE candidaturas c SET reembolsado_em = l.decidido_em FROM lead_reports l
      WHERE l.candidatura_id = c.id AND l.estado = 'REEMBOLSADO' AND c.id > ${n(cdb)}`);

    // 8-11. Reviews and ratings on one connection, payments and the ledger on the other.
    const reviewsAndRatings = async () => {
      const comentario = `ta.txt || ' ' || tb.txt || CASE WHEN tc.txt = '' THEN '' ELSE ' ' || tc.txt END`;
      // 8. Reviews: by the project's client, of the professional it chose for a completed project (the
      // rule of docs/decisions/0008); only if more are asked for than there are such jobs, of others who applied.
      await step('reviews', `
        INSERT INTO reviews (profissional_id, cliente_id, request_id, nota, comentario, status, criado_em, busca_admin)
        WITH pick AS MATERIALIZED (
          SELECT c.request_id, c.profissional_id, r.cliente_id, greatest(c.criado_em, coalesce(r.concluido_em, c.criado_em)) base
          FROM candidaturas c JOIN requests r ON r.id = c.request_id
          WHERE c.id > ${n(cdb)}
          ORDER BY (r.status = 'CONCLUIDO' AND r.escolhido_id IS NOT DISTINCT FROM c.profissional_id) DESC, (r.status = 'CONCLUIDO') DESC, random()
          LIMIT ${n(S.reviews)}
        ), b AS MATERIALIZED (
          SELECT pick.*, pick.base + random() * least(interval '20 days', ${NOW} - pick.base) t, random() un, random() us,
            random() ua, random() ub, random() uc
          FROM pick
        ), v AS MATERIALIZED (
          SELECT b.*, CASE WHEN b.un < 0.07 THEN 1 WHEN b.un < 0.13 THEN 2 WHEN b.un < 0.25 THEN 3 WHEN b.un < 0.55 THEN 4 ELSE 5 END nota,
            CASE WHEN b.un < 0.13 THEN 1 WHEN b.un < 0.25 THEN 3 WHEN b.un < 0.55 THEN 4 ELSE 5 END band
          FROM b
        )
        SELECT v.profissional_id, v.cliente_id, v.request_id, v.nota, ${comentario},
          (CASE WHEN v.t > ${NOW} - interval '10 days'
                THEN CASE WHEN v.us < 0.70 THEN 'ESPERA' WHEN v.us < 0.93 THEN 'APROVADO' ELSE 'NEGADO' END
                ELSE CASE WHEN v.us < 0.02 THEN 'ESPERA' WHEN v.us < 0.92 THEN 'APROVADO' ELSE 'NEGADO' END END)::review_status,
          v.t,
          -- What migration 0013's trigger writes (no trigger fires in this session).
          lower(f_unaccent(${comentario})) || ' ' || cl.busca
        FROM v
        JOIN clientes cl ON cl.id = v.cliente_id
        JOIN g_text ta ON ta.kind = 'rev:' || v.band || ':a' AND ta.k = 1 + floor(v.ua * ${lenCase('v.band', { 1: 'rev:1:a', 3: 'rev:3:a', 4: 'rev:4:a', 5: 'rev:5:a' })})::int
        JOIN g_text tb ON tb.kind = 'rev:' || v.band || ':b' AND tb.k = 1 + floor(v.ub * ${lenCase('v.band', { 1: 'rev:1:b', 3: 'rev:3:b', 4: 'rev:4:b', 5: 'rev:5:b' })})::int
        JOIN g_text tc ON tc.kind = 'rev:' || v.band || ':c' AND tc.k = 1 + floor(v.uc * ${lenCase('v.band', { 1: 'rev:1:c', 3: 'rev:3:c', 4: 'rev:4:c', 5: 'rev:5:c' })})::int
        ORDER BY v.t`);

      // 11. Ratings: the average (and, once migration 0004 is there, the count) of approved reviews.
      const hasTotal = await one<boolean>(`select exists (select 1 from information_schema.columns
        where table_schema = current_schema() and table_name = 'profissionais' and column_name = 'total_avaliacoes')`);
      await step('profissionais: nota_media', `
        UPDATE profissionais p SET nota_media = r.avg${hasTotal ? ', total_avaliacoes = r.n' : ''}
        FROM (SELECT profissional_id, avg(nota)::float8 avg, count(*)::int n FROM reviews WHERE status = 'APROVADO' GROUP BY profissional_id) r
        WHERE r.profissional_id = p.id`);

    };
    const paymentsAndLedger = async () => {
      // 9. Payments. Each professional keeps one plan; a purchase happens (shortly) before the
      // application that would otherwise overdraw the balance, so the running balance never goes
      // below zero. Then extra purchases (balances left to spend) and unpaid checkouts up to --payments.
      await c2.q(`CREATE TEMP TABLE g_pplan AS
        SELECT p.id profissional_id, p.criado_em, pl.plano, pl.nome, pl.creditos, pl.valor
        FROM (SELECT id, criado_em, 1 + floor(random() * ${n(NPP)})::int k FROM profissionais WHERE id > ${n(pb)}) p
        JOIN g_plan_pick pp ON pp.i = p.k JOIN g_plan pl ON pl.plano = pp.plano`);
      await c2.q(`CREATE TEMP TABLE g_pay (profissional_id int, plano text, creditos int, valor int, estado payment_status, metodo text, criado_em timestamptz, pago_em timestamptz)`);
      await c2.q(`
        INSERT INTO g_pay
        WITH c AS (
          SELECT c.profissional_id, c.criado_em, c.creditos,
            sum(c.creditos) OVER (PARTITION BY c.profissional_id ORDER BY c.criado_em, c.id) cum
          FROM candidaturas c WHERE c.id > ${n(cdb)}
        ), x AS MATERIALIZED (
          SELECT c.profissional_id, pp.plano, pp.creditos, pp.valor,
            c.criado_em - random() * least(interval '3 days', c.criado_em - pp.criado_em) pago_em, random() um
          FROM c JOIN g_pplan pp USING (profissional_id)
          CROSS JOIN LATERAL generate_series(ceil((c.cum - c.creditos)::numeric / pp.creditos)::int + 1, ceil(c.cum::numeric / pp.creditos)::int) k
        )
        SELECT profissional_id, plano, creditos, valor, 'PAGO', CASE WHEN um < 0.55 THEN 'card' WHEN um < 0.85 THEN 'mb_way' ELSE 'multibanco' END,
          NULL, pago_em
        FROM x`);
      const needed = await c2.one<number>('select count(*)::int from g_pay');
      const extra = Math.max(0, S.payments - needed);
      const unpaid = Math.min(extra, Math.round(S.payments * 0.12));
      if (needed > S.payments) log(`  (the applications need ${needed} paid purchases: more than --payments ${S.payments})`);
      if (extra > 0) {
        await c2.q(`
          INSERT INTO g_pay
          WITH x AS MATERIALIZED (
            SELECT ${n(pb)} + 1 + floor(random() * ${n(P)})::int profissional_id, g, random() u, random() um, random() ut,
              1 + floor(random() * ${n(NPP)})::int k
            FROM generate_series(1, ${n(extra)}) g
          )
          SELECT x.profissional_id, pl.plano, pl.creditos, pl.valor,
            (CASE WHEN x.g > ${n(unpaid)} THEN 'PAGO' WHEN x.u < 0.40 THEN 'PENDENTE' WHEN x.u < 0.85 THEN 'CANCELADO' ELSE 'FALHADO' END)::payment_status,
            CASE WHEN x.g <= ${n(unpaid)} AND x.u < 0.40 THEN 'multibanco' WHEN x.um < 0.55 THEN 'card' WHEN x.um < 0.85 THEN 'mb_way' ELSE 'multibanco' END,
            -- Unpaid checkouts: pending ones are recent (a Multibanco reference waiting), the others any time.
            CASE WHEN x.g <= ${n(unpaid)} THEN CASE WHEN x.u < 0.40 THEN greatest(p.criado_em, ${NOW} - x.ut * interval '3 days')
                                                    ELSE p.criado_em + x.ut * (${NOW} - p.criado_em) END END,
            CASE WHEN x.g > ${n(unpaid)} THEN p.criado_em + x.ut * (${NOW} - p.criado_em) END
          FROM x JOIN g_pplan p USING (profissional_id) JOIN g_plan_pick pp ON pp.i = x.k JOIN g_plan pl ON pl.plano = pp.plano`);
      }
      await c2.step('payments', `
        INSERT INTO payments (profissional_id, plano, valor_centimos, creditos, metodo, provider, provider_session_id, estado, criado_em, pago_em)
        WITH x AS MATERIALIZED (
          SELECT g.*, coalesce(g.criado_em,
            greatest(pp.criado_em, g.pago_em - random() * CASE WHEN g.metodo = 'multibanco' THEN interval '2 days' ELSE interval '15 minutes' END)) criado
          FROM g_pay g JOIN g_pplan pp USING (profissional_id)
        )
        SELECT profissional_id, plano, valor, creditos, metodo, 'stripe', 'cs_bench_' || md5(random()::text || clock_timestamp()::text), estado, criado, pago_em
        FROM x ORDER BY criado`);

      // 10. The ledger: purchases and applications per professional in time order, purchases first at
      // equal times; saldo_apos is the running sum (ids follow the same order).
      await c2.step('credit_ledger', `
        INSERT INTO credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, request_id, payment_id, admin_id, descricao, criado_em)
        SELECT subscription_id, profissional_id, tipo::ledger_kind, delta,
          sum(delta) OVER (PARTITION BY profissional_id ORDER BY t, prio, src), request_id, payment_id, admin_id, descricao, t
        FROM (
          SELECT s.id subscription_id, p.profissional_id, 'COMPRA' tipo, p.creditos delta, NULL::int request_id, p.id payment_id,
            NULL::int admin_id, 'Plano ' || pl.nome descricao, p.pago_em t, 0 prio, p.id src
          FROM payments p JOIN subscriptions s ON s.profissional_id = p.profissional_id JOIN g_plan pl ON pl.plano = p.plano
          WHERE p.id > ${n(payb)} AND p.estado = 'PAGO'
          UNION ALL
          SELECT c.subscription_id, c.profissional_id, 'CANDIDATURA', -c.creditos, c.request_id, NULL, NULL, r.titulo, c.criado_em, 1, c.id
          FROM candidaturas c JOIN requests r ON r.id = c.request_id
          WHERE c.id > ${n(cdb)}
          UNION ALL
          -- A reported contact refunded (leads.service, refunds.ts refundReportedLead: the same text).
          SELECT c.subscription_id, c.profissional_id, 'REEMBOLSO', c.creditos, c.request_id, NULL, l.decidido_por,
            'Reembolso: ' || r.titulo || ' (contacto reportado)', c.reembolsado_em, 2, c.id
          FROM candidaturas c JOIN requests r ON r.id = c.request_id JOIN lead_reports l ON l.candidatura_id = c.id
          WHERE c.id > ${n(cdb)} AND c.reembolsado_em IS NOT NULL
        ) x
        ORDER BY t, prio, src`);
      await c2.step('subscriptions: balances', `
        UPDATE subscriptions s SET creditos_restantes = l.saldo
        FROM (SELECT subscription_id, sum(delta)::int saldo FROM credit_ledger GROUP BY subscription_id) l
        WHERE l.subscription_id = s.id AND s.profissional_id > ${n(pb)} AND s.creditos_restantes <> l.saldo`);

    };
    await Promise.all([reviewsAndRatings(), paymentsAndLedger()]);

    // 11b. Badges and the Bayesian rating, by the app's own rules (modules/selos), once the tables they
    // read have statistics (the full VACUUM ANALYZE comes last).
    await q('ANALYZE reviews, requests, candidaturas, profissionais');
    const ts = Date.now();
    const withBadges = await sweepSelos(database.db, new Date(nowSec * 1000), { all: true, batch: 2000 });
    log(`  ${'profissionais: selos, nota_bayes'.padEnd(34, '.')} ${String(withBadges).padStart(9)} rows ${((Date.now() - ts) / 1000).toFixed(1).padStart(6)} s`);

    // 12. The audit log of the back office: verifications, and the last 60 days of moderation.
    await step('audit_log', `
      INSERT INTO audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id, detalhes, criado_em)
      SELECT 'admin', actor, acao, alvo_tipo, alvo_id, detalhes, t FROM (
        SELECT verificado_por actor, CASE verificacao WHEN 'VERIFICADO' THEN 'PROFISSIONAL_VERIFICADO' ELSE 'PROFISSIONAL_RECUSADO' END acao,
          'profissional' alvo_tipo, id alvo_id, '{"documentosEliminados":true}'::jsonb detalhes, verificado_em t
        FROM profissionais WHERE id > ${n(pb)} AND verificado_em IS NOT NULL
        UNION ALL
        SELECT ${pickAdmin}, 'PROJETO_APROVADO', 'request', id, NULL, aprovado_em FROM requests
        WHERE id > ${n(rb)} AND aprovado_em > ${NOW} - interval '60 days'
        UNION ALL
        SELECT ${pickAdmin}, 'PROJETO_CREDITOS', 'request', id, jsonb_build_object('antes', NULL, 'depois', creditos),
          least(${NOW}, aprovado_em + interval '5 minutes') FROM requests
        WHERE id > ${n(rb)} AND aprovado_em > ${NOW} - interval '60 days' AND creditos IS NOT NULL
        UNION ALL
        SELECT ${pickAdmin}, CASE status WHEN 'APROVADO' THEN 'REVIEW_APROVADA' ELSE 'REVIEW_REPROVADA' END, 'review', id, NULL,
          least(${NOW}, criado_em + random() * interval '1 day') FROM reviews
        WHERE id > ${n(vb)} AND status <> 'ESPERA' AND criado_em > ${NOW} - interval '60 days'
      ) x ORDER BY t`);

    // 12b. Guarantee claims (docs/decisions/0014): one in a hundred completed projects with a chosen
    // professional (every hundredth, so a small load has some too), opened within the 14 days after completion. The professional answered most of them
    // within three days, with a visit (ACEITE) or a dispute (CONTESTADA); an admin closed most of those
    // older than ten days. What is left open is the back office's queue: a few hundred, as in a busy
    // month. Each closing is in the audit log, as the app writes it.
    await step('garantias', `
      INSERT INTO garantias (request_id, cliente_id, profissional_id, titulo, descricao, estado, resposta, agendado_para,
        respondido_em, resolucao, fechado_em, fechado_por, criado_em)
      SELECT id, cliente_id, escolhido_id, titulo, descricao,
        CASE WHEN fecha IS NOT NULL THEN 'FECHADA' WHEN resp IS NULL THEN 'ABERTA' WHEN aceita THEN 'ACEITE' ELSE 'CONTESTADA' END::guarantee_status,
        CASE WHEN resp IS NULL THEN NULL WHEN aceita THEN 'Passo aí para verificar e resolver sem custos.'
          ELSE 'O problema não está relacionado com o trabalho que fiz; posso orçamentar a reparação.' END,
        CASE WHEN resp IS NOT NULL AND aceita THEN resp + interval '1 day' + random() * interval '10 days' END,
        resp,
        CASE WHEN fecha IS NULL THEN NULL WHEN resp IS NULL THEN 'O profissional não respondeu; a equipa contactou as duas partes e encerrou.'
          WHEN aceita THEN 'Visita feita e problema resolvido.' ELSE 'Analisado com as duas partes; encerrado.' END,
        fecha, CASE WHEN fecha IS NOT NULL THEN ${pickAdmin} END, t
      FROM (
        SELECT id, cliente_id, escolhido_id, titulo, t, aceita,
          'Depois da intervenção o problema voltou a aparecer: ' || lower(titulo) || '. Peço que verifiquem.' descricao,
          CASE WHEN random() < 0.85 THEN least(t + random() * interval '3 days', ${NOW}) END resp,
          CASE WHEN t < ${NOW} - interval '10 days' AND random() < 0.97 THEN least(t + interval '4 days' + random() * interval '6 days', ${NOW}) END fecha
        FROM (
          SELECT r.id, r.cliente_id, r.escolhido_id, r.titulo, random() < 0.7 aceita,
            least(r.concluido_em + random() * interval '14 days', ${NOW} - interval '1 minute') t
          FROM (
            SELECT r.*, row_number() OVER (ORDER BY r.id) k FROM requests r
            WHERE r.id > ${n(rb)} AND r.status = 'CONCLUIDO' AND r.escolhido_id IS NOT NULL AND r.concluido_em IS NOT NULL
          ) r
          WHERE r.k % 100 = 1
        ) a
      ) x ORDER BY t`);
    await step('audit_log: lead_reports', `
      INSERT INTO audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id, detalhes, criado_em)
      SELECT 'admin', l.decidido_por, CASE l.estado WHEN 'REEMBOLSADO' THEN 'LEAD_REEMBOLSADO' ELSE 'LEAD_RECUSADO' END, 'lead_report', l.id,
        CASE WHEN l.estado = 'REEMBOLSADO' THEN jsonb_build_object('candidatura', l.candidatura_id, 'creditos', c.creditos) END, l.decidido_em
      FROM lead_reports l JOIN candidaturas c ON c.id = l.candidatura_id
      WHERE l.decidido_em IS NOT NULL AND c.id > ${n(cdb)} ORDER BY l.decidido_em`);
    await step('audit_log: garantias', `
      INSERT INTO audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id, criado_em)
      SELECT 'admin', fechado_por, 'GARANTIA_FECHADA', 'garantia', id, fechado_em FROM garantias
      WHERE fechado_em IS NOT NULL AND request_id > ${n(rb)} ORDER BY fechado_em`);

    // The bell of the last 30 days, as the app writes it (modules/notificacoes/templates.ts): every
    // admin's "Projeto por aprovar" for each project published, the client's "Novo candidato" for
    // each application, the chosen professional's "Foi escolhido!" and the others' "Outro profissional
    // escolhido". Older than three days, read. Without it the table is analyzed empty and its lists are
    // planned as if it stayed so (an admin's bell read and sorted thousands of rows once filled).
    await step('notificacoes', `
      INSERT INTO notificacoes (destinatario_tipo, destinatario_id, tipo, titulo, corpo, link, lida_em, criado_em)
      SELECT dt::user_role, did, tipo, titulo, corpo, link, CASE WHEN t < ${NOW} - interval '3 days' THEN t + interval '5 hours' END, t FROM (
        SELECT 'admin' dt, a did, 'admin_projeto_pendente' tipo, 'Projeto por aprovar' titulo,
          '"' || r.titulo || '" (' || r.bairro || ') aguarda aprovação.' corpo, '/listagem-projetos' link, r.criado_em t
        FROM requests r CROSS JOIN unnest(${adminArr}) a
        WHERE r.id > ${n(rb)} AND r.criado_em > ${NOW} - interval '30 days'
        UNION ALL
        SELECT 'cliente', r.cliente_id, 'nova_candidatura', 'Novo candidato', p.nome || ' candidatou-se a "' || r.titulo || '".',
          '/projetos/' || r.cliente_id, x.criado_em
        FROM candidaturas x JOIN requests r ON r.id = x.request_id JOIN profissionais p ON p.id = x.profissional_id
        WHERE x.id > ${n(cdb)} AND x.criado_em > ${NOW} - interval '30 days'
        UNION ALL
        SELECT 'profissional', x.profissional_id,
          CASE WHEN x.profissional_id = r.escolhido_id THEN 'escolhido' ELSE 'nao_escolhido' END,
          CASE WHEN x.profissional_id = r.escolhido_id THEN 'Foi escolhido!' ELSE 'Outro profissional escolhido' END,
          CASE WHEN x.profissional_id = r.escolhido_id THEN coalesce(c.nome, 'O cliente') || ' escolheu-o para "' || r.titulo || '".'
            ELSE 'O cliente de "' || r.titulo || '" escolheu outro profissional.' END,
          CASE WHEN x.profissional_id = r.escolhido_id THEN '/areadoprofissional/detalhes-chamado/' || r.id ELSE '/areadoprofissional/chamados-agendados' END,
          r.escolhido_em
        FROM candidaturas x JOIN requests r ON r.id = x.request_id LEFT JOIN clientes c ON c.id = r.cliente_id
        WHERE x.id > ${n(cdb)} AND r.escolhido_em > ${NOW} - interval '30 days'
      ) x ORDER BY t`);

    // Every generated person accepted the current terms at sign-up (docs/decisions/0016), so none is
    // asked again at log-in.
    await step('termos_aceites', `
      INSERT INTO termos_aceites (destinatario_tipo, destinatario_id, versao, aceite_em)
      SELECT 'cliente'::user_role, id, $1, criado_em FROM clientes WHERE id > ${n(cb)}
      UNION ALL
      SELECT 'profissional'::user_role, id, $1, criado_em FROM profissionais WHERE id > ${n(pb)}`, [TERMOS_VERSAO]);

    // 13. Identity sequences after the explicit ids of users; then statistics and visibility maps.
    for (const t of ['clientes', 'profissionais']) {
      await q(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    }
    await restoreGin?.();
    // VACUUM ANALYZE every table (visibility maps for index-only scans, planner statistics, the
    // trigram indexes' pending entries merged), the largest first, shared between the two connections.
    const tv = Date.now();
    const tables = (await q(`SELECT c.relname FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE ns.nspname = current_schema() AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC`)).rows.map((r: { relname: string }) => r.relname);
    const queue = [...tables];
    const worker = async (c: Conn) => {
      for (let t = queue.shift(); t; t = queue.shift()) await c.q(`VACUUM ANALYZE "${t.replace(/"/g, '""')}"`);
    };
    await Promise.all([worker(c1), worker(c2)]);
    log(`  ${`VACUUM ANALYZE (${tables.length} tables)`.padEnd(34, '.')} ${''.padStart(14)} ${((Date.now() - tv) / 1000).toFixed(1).padStart(6)} s`);
    // The load leaves gigabytes of dirty pages that PostgreSQL and the kernel would otherwise write out
    // during the first minutes of the benchmark (72 % I/O wait while applying, 222 instead of ~750
    // applications/s). A CHECKPOINT writes them now. It needs superuser or pg_checkpoint (PG 15+); without
    // either, the first scenarios share the disk with that write-back.
    const tc = Date.now();
    const checkpoint = await q('CHECKPOINT').then(() => 'CHECKPOINT', (e: Error) => `CHECKPOINT skipped (${e.message})`);
    log(`  ${checkpoint.padEnd(34, '.')} ${''.padStart(14)} ${((Date.now() - tc) / 1000).toFixed(1).padStart(6)} s`);

    const counts: Record<string, number> = {};
    for (const t of TABLES.filter((x) => x !== 'otp_codes' && x !== 'payment_events')) counts[t] = await one<number>(`select count(*)::int from ${t}`);
    return { counts, seconds: (Date.now() - started) / 1000 };
  } finally {
    // A load that failed half-way must not leave the searches reading 32 MB pending lists.
    await restoreGin?.().catch(() => undefined);
    await c1.end().catch(() => undefined);
    await c2.end().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('bench:data needs DATABASE_URL, the PostgreSQL database to fill, e.g.\n' +
      '  createdb -h 127.0.0.1 -U postgres tc_bench\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/tc_bench npm run bench:data');
    process.exit(1);
  }
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const dataDir = resolve(args.dataDir ?? process.env.DATA_DIR ?? './data');
  const where = process.env.STORAGE === 's3' ? `the bucket ${process.env.S3_BUCKET}` : `${dataDir}/uploads`;
  console.log(`Filling ${new URL(url).pathname.slice(1)} (demo avatars and photos in ${where})`);
  try {
    const { counts, seconds } = await generate({ url, sizes: args.sizes, force: args.force, dataDir });
    console.log('\nRows:');
    for (const [t, c] of Object.entries(counts)) console.log(`  ${t.padEnd(16)} ${String(c).padStart(10)}`);
    console.log(`\nDone in ${seconds.toFixed(0)} s. Every generated user's password is ${DEMO_PASSWORD} (demo log-ins as in the README).`);
  } catch (e) {
    if (e instanceof AlreadyFilledError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
