import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDirectoryBlobStore } from './blob-store.ts';

const PDF = 'application/pdf';

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
    await blobs.put('firm-1/documents/abc', bytes, PDF);
    expect(await blobs.get('firm-1/documents/abc')).toEqual(bytes);
    // No temporary file is left beside it, and only the owner may read it.
    expect(await readdir(join(root, 'firm-1/documents'))).toEqual(['abc']);
    expect((await stat(join(root, 'firm-1/documents/abc'))).mode & 0o777).toBe(0o600);
    await blobs.delete('firm-1/documents/abc');
    expect(await blobs.get('firm-1/documents/abc')).toBeUndefined();
    // Deleting twice, or reading what was never there, is not an error.
    await blobs.delete('firm-1/documents/abc');
    expect(await blobs.get('firm-1/documents/never')).toBeUndefined();
  });

  it('replaces a blob whole when the same key is written again', async () => {
    const { root, blobs } = await store();
    await blobs.put('k', new Uint8Array(1000).fill(1), PDF);
    await blobs.put('k', new Uint8Array([2, 2]), PDF);
    expect(await blobs.get('k')).toEqual(new Uint8Array([2, 2]));
    expect(new Uint8Array(await readFile(join(root, 'k')))).toEqual(new Uint8Array([2, 2]));
    expect(await readdir(root)).toEqual(['k']);
  });

  it('keeps every one of many concurrent writes', async () => {
    const { blobs } = await store();
    const keys = Array.from({ length: 40 }, (_, index) => `firm/documents/d-${index}`);
    await Promise.all(keys.map((key, index) => blobs.put(key, new Uint8Array([index]), PDF)));
    const read = await Promise.all(keys.map((key) => blobs.get(key)));
    expect(read.map((bytes) => bytes?.[0])).toEqual(keys.map((_, index) => index));
  });

  it('refuses keys that could leave its directory, on every operation', async () => {
    const { blobs } = await store();
    const bad = [
      '../escape',
      '/etc/passwd',
      'a/../../b',
      'a/./b',
      'a//b',
      'a/',
      'A B',
      '',
      'x.part',
    ];
    for (const key of bad) {
      await expect(blobs.put(key, new Uint8Array([1]), PDF)).rejects.toThrow(/Not a blob key/);
      await expect(blobs.get(key)).rejects.toThrow(/Not a blob key/);
      await expect(blobs.delete(key)).rejects.toThrow(/Not a blob key/);
    }
  });
});
