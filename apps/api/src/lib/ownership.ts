import type { Role } from '@tc/shared';
import { forbidden, type AppError } from './app-error';

/** Who is calling: `request.user` after the role guard. */
interface Caller {
  tipo: string;
  id: number;
}

/** Is the caller this very account? */
export const isSelf = (user: Caller, tipo: Role, id: number | null | undefined) => user.tipo === tipo && user.id === id;

/**
 * Ownership, checked one way everywhere (DESIGN §4): the caller must be the account `tipo` `id`, or an
 * admin when `admin` is set. Otherwise 403 (with `message` if given), or `orElse()` where a stranger
 * must not even learn that the thing exists (404).
 */
export function assertSelf(user: Caller, tipo: Role, id: number | null | undefined, opts: { admin?: boolean; message?: string; orElse?: () => AppError } = {}) {
  if (opts.admin && user.tipo === 'admin') return;
  if (!isSelf(user, tipo, id)) throw opts.orElse ? opts.orElse() : forbidden(opts.message);
}

/** A body may repeat the caller's own id (the spec's web app sends it); any other id is refused (403). */
export function assertOwnIdInBody(user: Caller, id: number | null | undefined) {
  if (id && id !== user.id) throw forbidden();
}
