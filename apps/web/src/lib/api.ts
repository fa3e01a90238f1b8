import { INTERNAL_ERROR } from '@tc/shared/internal-error';
import type { Role } from '@tc/shared/catalogue/statuses';
import { takeEarly } from './early-fetch';
import { getToken } from './session';

/** An API failure, carrying the server's Portuguese message and per-field messages. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Whose session token to send. */
  as?: Role;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = opts.as ? getToken(opts.as) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    // The profile page's HTML may have asked for this already (early-fetch.ts): that answer, once.
    const early = (opts.method ?? 'GET') === 'GET' ? takeEarly(path, token) : undefined;
    res = await (early ?? fetch(`/api${path}`, { method: opts.method ?? 'GET', headers, body, signal: opts.signal }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Sem ligação ao servidor. Verifique a sua internet e tente novamente.');
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    throw new ApiError(res.status, data?.code ?? 'HTTP_ERROR', data?.message ?? INTERNAL_ERROR, data?.fields ?? {});
  }
  return data as T;
}

/**
 * The server's message when it has one for the user (a refusal, or BUSY: "try again in a moment"),
 * else the screen's own fallback text.
 */
export const errorMessage = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status > 0 && (e.status < 500 || e.code === 'BUSY') && e.code !== 'VALIDATION' ? e.message : fallback;
