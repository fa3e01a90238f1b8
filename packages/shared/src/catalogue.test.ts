import { describe, expect, it } from 'vitest';
import {
  CREDIT_PLANS,
  DISTRICTS,
  findPlan,
  findSpecialty,
  formatEuros,
  formatRating,
  SERVICE_CARDS,
  SPECIALTIES,
  SPECIALTY_GROUPS,
  specialtyByValue,
  TIME_OPTIONS,
} from './index';

describe('catalogue', () => {
  it('has the four specialty groups with 11 + 8 + 10 + 10 specialties and unique values', () => {
    expect(SPECIALTY_GROUPS.map((g) => [g.label, g.items.length])).toEqual([
      ['Elétrica', 11],
      ['Domótica / Smart Home', 8],
      ['Hidráulica / Canalização', 10],
      ['Serviços Gerais e Emergência', 10],
    ]);
    expect(new Set(SPECIALTIES.map((s) => s.value)).size).toBe(39);
  });

  it('has the six home cards with exactly the spec option values, each mapped to a real specialty', () => {
    const values = Object.fromEntries(SERVICE_CARDS.map((c) => [c.value, c.options.map((o) => o.value)]));
    expect(values).toEqual({
      eletrica: [
        'instalacao',
        'substituicao',
        'disjuntores',
        'passagem',
        'tomadas',
        'iluminacao',
        'ventoinhas',
        'manutencao',
        'aumento',
        'certificacao',
        'inspecoes',
      ],
      domotica: ['instalacao', 'wifi', 'automatizacao', 'cameras', 'sensores', 'controlo', 'sistemas', 'meters'],
      canalizacao: [
        'reparacao',
        'desentupimento',
        'instalacao',
        'substituicao',
        'maquinas',
        'autoclismos',
        'montagem',
        'canalizacoes',
        'verificacao',
        'certificacao',
      ],
      manutencao: ['reparos', 'sistemas', 'remodelacoes', 'cortinados', 'interruptores'],
      emergencia: ['energia', 'quadro', 'inundacao', 'entupimentos', 'aquecedores'],
      beneficios: ['filtrados', 'pagamento', 'flexibilidade', 'perfil', 'possibilidade'],
    });
    for (const card of SERVICE_CARDS.filter((c) => c.audience === 'cliente')) {
      for (const o of card.options) expect(specialtyByValue(o.specialty), `${card.value}.${o.value}`).toBeDefined();
    }
  });

  it('matches a specialty ignoring case, accents and spaces', () => {
    expect(findSpecialty('  desentupimentos ')?.value).toBe('desentupimentos');
    expect(findSpecialty('CERTIFICACAO ELETRICA')?.value).toBe('certificacao-eletrica');
    expect(findSpecialty('Certificação   Elétrica')?.value).toBe('certificacao-eletrica');
    expect(findSpecialty('nada disto')).toBeUndefined();
  });

  it('has the spec plans in euros, Elite highlighted, found by value or name', () => {
    expect(CREDIT_PLANS.map((p) => [p.nome, p.precoEuros, p.creditos])).toEqual([
      ['Básico', 1, 20],
      ['Poupança', 60, 60],
      ['Profissional', 90, 100],
      ['Elite', 120, 150],
    ]);
    expect(CREDIT_PLANS.filter((p) => p.destaque).map((p) => p.nome)).toEqual(['Elite']);
    expect(findPlan('Poupança')?.value).toBe('poupanca');
    expect(findPlan('elite')?.creditos).toBe(150);
    expect(findPlan('Diamante')).toBeUndefined();
  });

  it('has every district of Portugal with its 308 municipalities', () => {
    expect(DISTRICTS).toHaveLength(20);
    expect(DISTRICTS.reduce((n, d) => n + d.concelhos.length, 0)).toBe(308);
    expect(DISTRICTS.find((d) => d.label === 'Setúbal')?.concelhos).toContain('Almada');
  });

  it('has the four time options', () => {
    expect(TIME_OPTIONS).toEqual(['NORMAL', 'URGENTE', 'PIQUETE', 'AVARIA']);
  });

  it('formats money in euros and ratings with one decimal or N/A, pt-PT style', () => {
    expect(formatEuros(120)).toBe('120,00\u00a0€');
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(null)).toBe('N/A');
    expect(formatRating(0)).toBe('N/A');
  });
});
