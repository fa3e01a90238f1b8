import { describe, expect, it } from 'vitest';
import { faltasDoSelo, formatDuracao, progressoSelos, type SeloMetricas } from './selos';

const base: SeloMetricas = {
  verificacao: 'VERIFICADO',
  avaliacoes12m: 5,
  media12m: 5,
  especialidadeDomotica: true,
  projetosDomotica: 3,
  candidaturas30d: 3,
  medianaMinutos: 10,
};

describe('what a professional lacks for each badge', () => {
  it('never rounds an average up to the threshold, and counts in the singular and plural', () => {
    expect(faltasDoSelo('TOP_AVALIADO', { ...base, media12m: 4.7999 })).toEqual(['Média atual 4,79 (precisa de 4,8)']);
    expect(faltasDoSelo('TOP_AVALIADO', { ...base, avaliacoes12m: 4, media12m: 4.5 })).toEqual([
      'Falta 1 avaliação aprovada nos últimos 12 meses',
      'Média atual 4,5 (precisa de 4,8)',
    ]);
    expect(faltasDoSelo('TOP_AVALIADO', { ...base, media12m: 4.8 })).toEqual([]);
    expect(faltasDoSelo('RESPOSTA_RAPIDA', { ...base, candidaturas30d: 1, medianaMinutos: 120 })).toEqual([
      'Faltam 2 candidaturas nos últimos 30 dias',
      'Tempo mediano atual 2 h (precisa de menos de 2 h)',
    ]);
    expect(faltasDoSelo('DOMOTICA_EXPERT', { ...base, projetosDomotica: 2 })).toEqual([
      'Falta 1 projeto de domótica concluído com avaliação de 4 estrelas ou mais',
    ]);
  });

  it('a badge earned lacks nothing; durations read in minutes, hours and days', () => {
    expect(progressoSelos(['VERIFICADO'], { ...base, verificacao: 'VERIFICADO' }).find((p) => p.selo === 'VERIFICADO')).toMatchObject({
      tem: true,
      faltas: [],
    });
    expect([45, 60, 190, 1440, 1750].map(formatDuracao)).toEqual(['45 min', '1 h', '3 h 10 min', '1 dia', '1 dia e 5 h']);
  });
});
