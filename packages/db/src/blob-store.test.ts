import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDirectoryBlobStore } from './blob-store.ts';

describe('directory blob store', () => {
  const roots: string[] = [];
  afterEach(async () => {
    await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
  });

  async function store() {
    const root = await mkdtemp(join(tmpdir(), 'ballast-blobs-'));
    roots.push(root);
    return { root, blobs: createDirectoryBlobStore(root) };
  }

  it('gives back exactly the bytes it was given, and nothing after deletion', async () => {
    const { root, blobs } = await store();
    const bytes = new Uint8Array([0, 1, 2, 255, 37, 80, 68, 70]);
    await blobs.put('firm-1/documents/abc', bytes);
    expect(await blobs.get('firm-1/documents/abc')).toEqual(bytes);
    // No temporary file is left beside it.
    expect(await readdir(join(root, 'firm-1/documents'))).toEqual(['abc']);
    await blobs.delete('firm-1/documents/abc');
    expect(await blobs.get('firm-1/documents/abc')).toBeUndefined();
  });

  it('refuses keys that could leave its directory', async () => {
    const { blobs } = await store();
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'A B', '']) {
      await expect(blobs.put(key, new Uint8Array([1]))).rejects.toThrow(/Not a blob key/);
    }
  });
});
