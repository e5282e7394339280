import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where file bytes live (KYC uploads, generated statements and tax reports); the database keeps
 * only their key and what was checked about them.
 */
export type BlobStore = {
  /**
   * Stores the bytes under the key, replacing what was there. The content type is what the
   * bytes were found to be; an object store keeps it as metadata, the directory store has no
   * use for it because the database row carries it too.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the bytes; a key with nothing under it is not an error. */
  delete(key: string): Promise<void>;
};

// Keys are made by the api, never taken from a request; this shape keeps them inside the root
// (no dots, so no `..`, no leading slash, no empty segment).
const KEY_SHAPE = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function checkedKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Blobs as files under one directory. A write goes to a temporary file beside the target that is
 * flushed and then renamed into place, so a crash leaves either the whole file or none; the
 * directory is flushed too, so the rename itself survives a power cut.
 */
export function createDirectoryBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, checkedKey(key));
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // The temporary name has a dot, which no key has, so it can never be read as a blob.
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        const file = await open(temporary, 'wx', 0o600);
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await syncDirectory(dirname(target));
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A key that names a directory (a prefix of other keys) holds no blob either.
        if (code === 'ENOENT' || code === 'EISDIR') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Flushes a directory's entries; platforms that cannot open a directory for that are skipped. */
async function syncDirectory(path: string): Promise<void> {
  let directory: Awaited<ReturnType<typeof open>> | undefined;
  try {
    directory = await open(path, 'r');
    await directory.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  } finally {
    await directory?.close();
  }
}
