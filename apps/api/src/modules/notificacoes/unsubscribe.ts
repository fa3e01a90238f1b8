import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS_BY_ROLE, ROLES, type Role, type SwitchableKind } from '@tc/shared';

/**
 * One-click unsubscribe links: who and which kinds, signed with a key of their own (derived from the
 * server's hash key, so a token of another purpose never passes here). No expiry: a link in an old
 * e-mail must keep working, and all it can do is switch e-mails off.
 */
export interface UnsubscribeClaim {
  tipo: Role;
  id: number;
  kinds: SwitchableKind[];
}

const keyOf = (hashKey: string) => createHmac('sha256', hashKey).update('notificacoes:cancelar').digest();
const sign = (hashKey: string, payload: string) => createHmac('sha256', keyOf(hashKey)).update(payload).digest('base64url');

export function unsubscribeToken(hashKey: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.tipo, claim.id, claim.kinds])).toString('base64url');
  return `${payload}.${sign(hashKey, payload)}`;
}

/** The claim of a genuine token whose kinds all belong to its role; null for anything else. */
export function readUnsubscribeToken(hashKey: string, token: string): UnsubscribeClaim | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const expected = Buffer.from(sign(hashKey, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [tipo, id, kinds] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (typeof tipo !== 'string' || !(ROLES as readonly string[]).includes(tipo)) return null;
    if (!Number.isInteger(id) || (id as number) <= 0 || !Array.isArray(kinds) || kinds.length === 0) return null;
    const allowed = NOTIFICATION_KINDS_BY_ROLE[tipo as Role] as readonly string[];
    if (!kinds.every((k) => typeof k === 'string' && allowed.includes(k))) return null;
    return { tipo: tipo as Role, id: id as number, kinds: kinds as SwitchableKind[] };
  } catch {
    return null;
  }
}
