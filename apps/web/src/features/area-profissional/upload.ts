import { M, type Role } from '@tc/shared';
import { ApiError } from '../../lib/api';
import { getToken } from '../../lib/session';

/**
 * Sends a multipart form with XMLHttpRequest, because fetch cannot report upload progress and three
 * photos from a phone can take a while. Resolves with the JSON answer; rejects with the same ApiError
 * that `api()` throws, so the screen reads `message` and `fields` the usual way.
 */
export function uploadForm<T>(path: string, form: FormData, opts: { method?: 'PUT' | 'POST'; as: Role; onProgress?: (percent: number) => void }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'PUT', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken(opts.as);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(data as T);
        return;
      }
      const body = (data ?? {}) as { code?: string; message?: string; fields?: Record<string, string> };
      reject(new ApiError(xhr.status, body.code ?? 'HTTP_ERROR', body.message ?? M.internal, body.fields ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Sem ligação ao servidor. Verifique a sua internet e tente novamente.'));
    xhr.send(form);
  });
}
