import { access, constants, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where uploaded files live. `public` files (profile photos) are served to anyone by key;
 * `private` ones (ID cards) only through authorised routes. Behind an interface so several
 * instances can share an object store instead of a local disk.
 */
export interface Storage {
  put(area: 'public' | 'private', data: Buffer, ext: string): Promise<string>;
  get(area: 'public' | 'private', key: string): Promise<Buffer | undefined>;
  remove(area: 'public' | 'private', key: string): Promise<void>;
  /** Throws when the store cannot be reached or written (the readiness probe, /api/ready). */
  ping(): Promise<void>;
}

const KEY_RE = /^[a-f0-9-]{36}\.(webp|avif|png|jpg)$/;
/** Every implementation takes only keys it could have made (a UUID and an image extension): no path tricks. */
export const isStorageKey = (key: string) => KEY_RE.test(key);

export function localStorage(root: string): Storage {
  const path = (area: string, key: string) => {
    if (!KEY_RE.test(key)) throw new Error('invalid storage key');
    return normalize(join(root, area, key));
  };
  return {
    async put(area, data, ext) {
      const key = `${randomUUID()}.${ext}`;
      const file = path(area, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data, { mode: 0o600 });
      return key;
    },
    async get(area, key) {
      if (!KEY_RE.test(key)) return undefined;
      try {
        return await readFile(path(area, key));
      } catch {
        return undefined;
      }
    },
    async remove(area, key) {
      if (!KEY_RE.test(key)) return;
      await rm(path(area, key), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

/** URL under which a public file is served. */
export const publicFileUrl = (key: string | null | undefined) => (key ? `/api/files/${key}` : null);
