/** Credit plans. The server charges from this table, never from a price the browser sends. */
export interface CreditPlan {
  value: PlanValue;
  nome: string;
  precoEuros: number;
  creditos: number;
  destaque: boolean;
}
export const PLAN_VALUES = ['basico', 'poupanca', 'profissional', 'elite'] as const;
export type PlanValue = (typeof PLAN_VALUES)[number];

export const CREDIT_PLANS: readonly CreditPlan[] = [
  { value: 'basico', nome: 'Básico', precoEuros: 1, creditos: 20, destaque: false },
  { value: 'poupanca', nome: 'Poupança', precoEuros: 60, creditos: 60, destaque: false },
  { value: 'profissional', nome: 'Profissional', precoEuros: 90, creditos: 100, destaque: false },
  { value: 'elite', nome: 'Elite', precoEuros: 120, creditos: 150, destaque: true },
];

/** Accepts the slug or the plan's display name (the spec's checkout sends `pacote` as the name). */
export function findPlan(nameOrValue: string | undefined | null): CreditPlan | undefined {
  if (!nameOrValue) return undefined;
  const k = nameOrValue
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  return CREDIT_PLANS.find(
    (p) =>
      p.value === k ||
      p.nome
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase() === k,
  );
}
