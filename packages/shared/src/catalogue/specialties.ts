/**
 * The 39 specialties, in four groups (spec §3). `value` is the stable identifier stored in the
 * database; `label` is what users read.
 */
export interface Specialty {
  value: string;
  label: string;
  group: SpecialtyGroupValue;
}
export type SpecialtyGroupValue = 'eletrica' | 'domotica' | 'hidraulica' | 'gerais';
export interface SpecialtyGroup {
  value: SpecialtyGroupValue;
  label: string;
  items: readonly Specialty[];
}

const group = (value: SpecialtyGroupValue, label: string, items: [string, string][]): SpecialtyGroup => ({
  value,
  label,
  items: items.map(([v, l]) => ({ value: v, label: l, group: value })),
});

export const SPECIALTY_GROUPS: readonly SpecialtyGroup[] = [
  group('eletrica', 'Elétrica', [
    ['instalacao-eletrica-completa', 'Instalação elétrica completa'],
    ['substituicao-quadros-eletricos', 'Substituição de quadros elétricos'],
    ['disjuntores-diferenciais', 'Disjuntores e diferenciais'],
    ['passagem-substituicao-cabos', 'Passagem e substituição de cabos'],
    ['tomadas-interruptores', 'Tomadas e interruptores'],
    ['iluminacao-interior-exterior', 'Iluminação interior e exterior'],
    ['ventoinhas-extratores', 'Ventoinhas de teto e extratores'],
    ['manutencao-preventiva', 'Manutenção preventiva'],
    ['aumento-potencia', 'Aumento de potência'],
    ['certificacao-eletrica', 'Certificação elétrica'],
    ['inspecoes-diagnostico-avarias', 'Inspeções técnicas e diagnóstico de avarias'],
  ]),
  group('domotica', 'Domótica / Smart Home', [
    ['assistentes-virtuais', 'Assistentes virtuais (Alexa, Google Home)'],
    ['tomadas-interruptores-inteligentes', 'Tomadas e interruptores inteligentes'],
    ['automatizacao-iluminacao-estores', 'Automatização de iluminação e estores'],
    ['camaras-cctv', 'Câmaras de videovigilância (CCTV)'],
    ['sensores-seguranca', 'Sensores de segurança'],
    ['controlo-remoto-app', 'Controlo remoto por aplicação'],
    ['integracao-sistemas', 'Integração de sistemas'],
    ['consultoria-contadores-inteligentes', 'Consultoria de contadores inteligentes'],
  ]),
  group('hidraulica', 'Hidráulica / Canalização', [
    ['reparacao-fugas-agua', 'Reparação de fugas de água'],
    ['desentupimentos', 'Desentupimentos'],
    ['torneiras-chuveiros', 'Torneiras e chuveiros'],
    ['loucas-sanitarias', 'Louças sanitárias'],
    ['maquinas-lavar', 'Máquinas de lavar'],
    ['autoclismos', 'Autoclismos'],
    ['filtragem-agua', 'Filtragem de água'],
    ['canalizacao-obras', 'Canalização para obras'],
    ['verificacao-substituicao-esgotos', 'Verificação e substituição de esgotos'],
    ['testes-hidraulicos', 'Testes hidráulicos'],
  ]),
  group('gerais', 'Serviços Gerais e Emergência', [
    ['pequenas-reparacoes', 'Pequenas reparações elétricas e de canalização'],
    ['manutencao-periodica', 'Manutenção periódica'],
    ['pequenas-remodelacoes', 'Pequenas remodelações de cozinha e casa de banho'],
    ['suportes-tv-fixacoes', 'Suportes de TV e fixações'],
    ['tomadas-danificadas', 'Tomadas danificadas'],
    ['falta-energia', 'Falta de energia'],
    ['quadro-eletrico-dispara', 'Quadro elétrico a disparar'],
    ['fugas-visiveis', 'Fugas de água visíveis'],
    ['entupimentos-graves', 'Entupimentos graves'],
    ['problemas-esquentadores', 'Problemas com esquentadores e termoacumuladores'],
  ]),
];

export const SPECIALTIES: readonly Specialty[] = SPECIALTY_GROUPS.flatMap((g) => g.items);

/**
 * Words a client types for a whole group in a search by specialty: the group's name and the trade's
 * ("eletricista", "canalizador"; "picheleiro" in the North). "domótica" or "eletricista" is no
 * specialty's label, so without these they found nobody.
 */
export const SPECIALTY_GROUP_SEARCH_TERMS: Readonly<Record<SpecialtyGroupValue, readonly string[]>> = {
  eletrica: ['Elétrica', 'eletricista', 'eletricidade'],
  domotica: ['Domótica', 'Smart Home', 'casa inteligente'],
  hidraulica: ['Hidráulica', 'Canalização', 'canalizador', 'picheleiro'],
  gerais: ['Serviços Gerais', 'Emergência', 'faz-tudo'],
};
export const SPECIALTY_VALUES = SPECIALTIES.map((s) => s.value) as [string, ...string[]];

const byValue = new Map(SPECIALTIES.map((s) => [s.value, s]));
export const specialtyByValue = (value: string) => byValue.get(value);
export const specialtyLabel = (value: string) => byValue.get(value)?.label ?? value;

/** Case-, accent- and space-insensitive key, for matching typed titles to specialties. */
export const matchKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '');

/** Each specialty under the keys of its label and value (the first specialty to claim a key keeps it). */
let byKey: Map<string, Specialty> | undefined;

/** Finds a specialty by its value or label, ignoring case, accents and spaces. */
export function findSpecialty(text: string | null | undefined): Specialty | undefined {
  if (!text) return undefined;
  // Every project validated passes here: the keys are worked out once, not for every specialty on every call.
  if (!byKey) {
    byKey = new Map();
    for (const s of SPECIALTIES) for (const k of [matchKey(s.label), matchKey(s.value)]) if (!byKey.has(k)) byKey.set(k, s);
  }
  return byValue.get(text) ?? byKey.get(matchKey(text));
}
