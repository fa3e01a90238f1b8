import { z } from 'zod';
import { LOCALE } from '../catalogue/brand';
import { SELOS, SELO_INFO, SELO_REGRAS, type Selo } from '../catalogue/selos';

export { SELOS, SELO_REGRAS, DOMOTICA_SPECIALTIES, SELO_INFO, type Selo } from '../catalogue/selos';
export const seloSchema = z.enum(SELOS);

/** The figures behind the badges, as of `calculadoEm` (GET /profissional/selos). */
export const seloMetricas = z.object({
  verificacao: z.enum(['PENDENTE', 'VERIFICADO', 'RECUSADO']).nullable(),
  /** Approved reviews received in the last 12 months, and their average (null without any). */
  avaliacoes12m: z.number().int(),
  media12m: z.number().nullable(),
  especialidadeDomotica: z.boolean(),
  /** Completed Domótica projects done by this professional and reviewed (approved) with 4 stars or more by their client. */
  projetosDomotica: z.number().int(),
  /** Applications in the last 30 days, and the median minutes from the project's approval to each. */
  candidaturas30d: z.number().int(),
  medianaMinutos: z.number().nullable(),
});
export type SeloMetricas = z.infer<typeof seloMetricas>;

export const seloProgresso = z.object({
  selo: seloSchema,
  label: z.string(),
  regra: z.string(),
  tem: z.boolean(),
  /** What is missing, in concrete numbers (empty when the badge is earned). */
  faltas: z.array(z.string()),
});
export type SeloProgresso = z.infer<typeof seloProgresso>;

export const selosResponse = z.object({
  selos: z.array(seloSchema),
  calculadoEm: z.string(),
  metricas: seloMetricas,
  progresso: z.array(seloProgresso),
});
export type SelosResponse = z.infer<typeof selosResponse>;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
/** Built once: a NumberFormat costs far more to build than to use (a tenth of "Os seus selos"' CPU when built per call). */
let mediaFormat: Intl.NumberFormat | undefined;
/** Never rounded up to the threshold: 4,7999 reads 4,79, not 4,8. */
const media = (v: number) =>
  (mediaFormat ??= new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 2 })).format(Math.floor(v * 100 + 1e-9) / 100);

/** "45 min", "3 h 10 min", "2 dias e 4 h". */
export function formatDuracao(minutos: number): string {
  const m = Math.max(0, Math.round(minutos));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const d = Math.floor(m / (24 * 60));
  const h = Math.floor((m % (24 * 60)) / 60);
  return `${d} ${plural(d, 'dia', 'dias')}${h ? ` e ${h} h` : ''}`;
}

/** What a professional still lacks for one badge, in concrete numbers (pt-PT, one line each). */
export function faltasDoSelo(selo: Selo, m: SeloMetricas): string[] {
  const R = SELO_REGRAS;
  const out: string[] = [];
  switch (selo) {
    case 'VERIFICADO':
      if (m.verificacao === 'PENDENTE') out.push('Os seus documentos estão a ser analisados pela equipa.');
      else if (m.verificacao === 'RECUSADO') out.push('A verificação foi recusada: envie novos documentos de identificação.');
      else if (m.verificacao !== 'VERIFICADO') out.push('Envie os documentos de identificação para a equipa verificar.');
      break;
    case 'TOP_AVALIADO': {
      const falta = R.topMinAvaliacoes - m.avaliacoes12m;
      if (falta > 0)
        out.push(`${plural(falta, 'Falta', 'Faltam')} ${falta} ${plural(falta, 'avaliação aprovada', 'avaliações aprovadas')} nos últimos ${R.topMeses} meses`);
      if (m.media12m !== null && m.media12m < R.topMediaMinima) out.push(`Média atual ${media(m.media12m)} (precisa de ${media(R.topMediaMinima)})`);
      break;
    }
    case 'DOMOTICA_EXPERT': {
      if (m.verificacao !== 'VERIFICADO') out.push('Precisa do selo Verificado');
      if (!m.especialidadeDomotica) out.push('Adicione ao seu perfil uma especialidade de Domótica / Smart Home');
      const falta = R.domoticaMinProjetos - m.projetosDomotica;
      if (falta > 0) {
        out.push(
          `${plural(falta, 'Falta', 'Faltam')} ${falta} ${plural(falta, 'projeto de domótica concluído', 'projetos de domótica concluídos')} com avaliação de ${R.domoticaNotaMinima} estrelas ou mais`,
        );
      }
      break;
    }
    case 'RESPOSTA_RAPIDA': {
      const falta = R.rapidaMinCandidaturas - m.candidaturas30d;
      if (falta > 0) out.push(`${plural(falta, 'Falta', 'Faltam')} ${falta} ${plural(falta, 'candidatura', 'candidaturas')} nos últimos ${R.rapidaDias} dias`);
      if (m.medianaMinutos !== null && m.medianaMinutos >= R.rapidaMaxMinutos) {
        out.push(`Tempo mediano atual ${formatDuracao(m.medianaMinutos)} (precisa de menos de ${formatDuracao(R.rapidaMaxMinutos)})`);
      }
      break;
    }
  }
  return out;
}

/** Each badge: earned or not, and if not, what is missing. */
export function progressoSelos(selos: readonly string[], m: SeloMetricas): SeloProgresso[] {
  return SELOS.map((selo) => {
    const tem = selos.includes(selo);
    return { selo, ...SELO_INFO[selo], tem, faltas: tem ? [] : faltasDoSelo(selo, m) };
  });
}
