import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where file bytes live (KYC uploads, generated statements and tax reports); the database keeps
 * only their key and what was checked about them.
 */
export type BlobStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
};

// Keys are made by the api, never taken from a request; this shape keeps them inside the root.
const KEY_SHAPE = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function checkedKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Blobs as files under one directory. A write goes to a temporary file that is flushed and then
 * renamed into place, so a crash leaves either the whole file or none.
 */
export function createDirectoryBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, checkedKey(key));
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
