/** Drizzle wraps driver errors; PostgreSQL's SQLSTATE is on the error or its cause. */
export function sqlState(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  if (typeof err?.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err.code;
  if (typeof err?.cause?.code === 'string') return err.cause.code;
  return undefined;
}
export const isUniqueViolation = (e: unknown) => sqlState(e) === '23505';
