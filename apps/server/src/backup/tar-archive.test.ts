import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTar, type TarEntry, TarFormatError, tarStream } from './tar-archive.ts';

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Yields `bytes` in uneven slices, as a file or a socket would. */
async function* sliced(bytes: Uint8Array, size = 777): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(archive: Uint8Array) {
  const files: { name: string; bytes: Buffer | undefined }[] = [];
  for await (const entry of readTar(sliced(archive))) {
    files.push({
      name: entry.name,
      bytes: entry.kind === 'file' ? await bytesOf(entry.body) : undefined,
    });
  }
  return files;
}

const LONG_NAME = `blobs/${'f'.repeat(36)}/documents/${'d'.repeat(60)}/${'k'.repeat(90)}`;

describe('tar archives', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('reads back what it wrote: directories, names past 100 bytes, empty files, bodies in chunks', async () => {
    const big = randomBytes(70_001);
    const entries: TarEntry[] = [
      { kind: 'file', name: 'ballast-backup.json', size: 2, body: new TextEncoder().encode('{}') },
      { kind: 'directory', name: 'database/pglite/pg_tblspc' },
      { kind: 'file', name: 'data/empty', size: 0, body: new Uint8Array(0) },
      { kind: 'file', name: LONG_NAME, size: big.byteLength, body: () => sliced(big, 4096) },
    ];
    const archive = await bytesOf(tarStream(entries));
    expect(archive.byteLength % 512).toBe(0);
    const files = await readAll(archive);
    expect(files.map((file) => file.name)).toEqual([
      'ballast-backup.json',
      'database/pglite/pg_tblspc',
      'data/empty',
      LONG_NAME,
    ]);
    expect(files[0]?.bytes?.toString()).toBe('{}');
    expect(files[1]?.bytes).toBeUndefined();
    expect(files[2]?.bytes?.byteLength).toBe(0);
    expect(files[3]?.bytes?.equals(big)).toBe(true);
  });

  it('skips a body its reader leaves unread', async () => {
    const archive = await bytesOf(
      tarStream([
        { kind: 'file', name: 'a', size: 1000, body: randomBytes(1000) },
        { kind: 'file', name: 'b', size: 3, body: new TextEncoder().encode('abc') },
      ]),
    );
    const names: string[] = [];
    let second = '';
    for await (const entry of readTar(sliced(archive))) {
      names.push(entry.name);
      if (entry.name === 'b' && entry.kind === 'file')
        second = (await bytesOf(entry.body)).toString();
    }
    expect(names).toEqual(['a', 'b']);
    expect(second).toBe('abc');
  });

  it('is read by the system tar as the same files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ballast-tar-'));
    dirs.push(dir);
    const body = randomBytes(1234);
    const archive = join(dir, 'archive.tar');
    await writeFile(
      archive,
      await bytesOf(
        tarStream([
          { kind: 'directory', name: 'data/blobs' },
          { kind: 'file', name: LONG_NAME, size: body.byteLength, body },
        ]),
      ),
    );
    const listing = execFileSync('tar', ['-tvf', archive], { encoding: 'utf8' });
    expect(listing).toMatch(/^drwx------ .* data\/blobs\/$/m);
    expect(listing).toContain(LONG_NAME);
    expect(listing).toContain(' 1234 ');
    expect(execFileSync('tar', ['-xOf', archive, LONG_NAME]).equals(body)).toBe(true);
  });

  it('refuses an archive cut short, or with a damaged header', async () => {
    const archive = await bytesOf(
      tarStream([{ kind: 'file', name: 'data/file', size: 5000, body: randomBytes(5000) }]),
    );
    await expect(readAll(archive.subarray(0, 3000))).rejects.toThrow(TarFormatError);
    // Without its end blocks an archive may have lost whole entries.
    await expect(readAll(archive.subarray(0, archive.byteLength - 1024))).rejects.toThrow(
      /ends before/,
    );
    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    await expect(readAll(damaged)).rejects.toThrow(/damaged/);
  });

  it('refuses to write a body that is not the size its header says', async () => {
    const grown: TarEntry = {
      kind: 'file',
      name: 'data/grew',
      size: 10,
      body: () => sliced(randomBytes(20)),
    };
    await expect(bytesOf(tarStream([grown]))).rejects.toThrow(/changed size/);
    const shrunk: TarEntry = {
      kind: 'file',
      name: 'data/shrank',
      size: 10,
      body: () => sliced(randomBytes(5)),
    };
    await expect(bytesOf(tarStream([shrunk]))).rejects.toThrow(/changed size/);
  });
});
