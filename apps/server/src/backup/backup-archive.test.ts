import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BackupFormatError,
  checkBackup,
  unpackBackup,
  WrongDatabaseError,
  writeBackupArchive,
} from './backup-archive.ts';
import { type TarEntry, tarStream } from './tar-archive.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ballast-archive-'));
  dirs.push(dir);
  return dir;
}

const text = (name: string, body: string): TarEntry => {
  const bytes = new TextEncoder().encode(body);
  return { kind: 'file', name, size: bytes.byteLength, body: bytes };
};

/** A hand-made archive, to show what `unpackBackup` does with files no backup would hold. */
async function archiveOf(file: string, entries: TarEntry[]): Promise<void> {
  await pipeline(Readable.from(tarStream(entries)), createGzip(), createWriteStream(file));
}

function manifest(files: { count: number; bytes: number }, database = { count: 1, bytes: 2 }) {
  return JSON.stringify({
    format: 'ballast-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: { kind: 'pglite', migrations: 3, ...database },
    files,
  });
}

/** A data directory as the server leaves it: its database, blobs, a half-written blob, a key. */
async function dataDirectory(root: string): Promise<string> {
  const dataDir = join(root, 'data');
  await mkdir(join(dataDir, 'pglite', 'pg_tblspc'), { recursive: true });
  await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
  await mkdir(join(dataDir, 'blobs', 'firm', 'documents'), { recursive: true });
  await writeFile(join(dataDir, 'blobs', 'firm', 'documents', 'one'), 'first file');
  await writeFile(join(dataDir, 'blobs', 'firm', 'documents', 'two.1234.part'), 'half');
  await mkdir(join(dataDir, '.backup-0a1b2c3d'));
  await writeFile(join(dataDir, '.backup-0a1b2c3d', 'PG_VERSION'), 'stale copy');
  await writeFile(join(dataDir, 'demo-encryption.key'), 'key\n');
  return dataDir;
}

describe('backup archives', () => {
  it('hold the database copy and the data directory but its database, temporaries and work', async () => {
    const root = await scratch();
    const dataDir = await dataDirectory(root);
    const file = join(root, 'backup.tar.gz');
    const written = await writeBackupArchive(
      { kind: 'pglite', migrations: 3, path: join(dataDir, 'pglite'), dispose: async () => {} },
      dataDir,
      createWriteStream(file),
    );
    expect(written.database).toEqual({ kind: 'pglite', migrations: 3, count: 1, bytes: 3 });
    expect(written.files).toEqual({ count: 2, bytes: 14 });
    expect(await checkBackup(file)).toEqual(written);

    const restored = join(root, 'restored');
    await unpackBackup(file, {
      dataDir: restored,
      databaseDir: join(restored, 'pglite'),
      expected: 'pglite',
    });
    expect((await readdir(restored)).sort()).toEqual(['blobs', 'demo-encryption.key', 'pglite']);
    expect((await readdir(join(restored, 'pglite'))).sort()).toEqual(['PG_VERSION', 'pg_tblspc']);
    expect(await readFile(join(restored, 'blobs', 'firm', 'documents', 'one'), 'utf8')).toBe(
      'first file',
    );
    expect(await readdir(join(restored, 'blobs', 'firm', 'documents'))).toEqual(['one']);
  });

  it('refuse a path that would leave the directory, and write nothing outside it', async () => {
    const root = await scratch();
    const file = join(root, 'evil.tar.gz');
    await archiveOf(file, [
      text('database/pglite/PG_VERSION', '17'),
      text('data/../escaped', 'x'),
      text('ballast-backup.json', manifest({ count: 1, bytes: 1 })),
    ]);
    const into = join(root, 'into');
    await expect(
      unpackBackup(file, { dataDir: into, databaseDir: join(into, 'pglite'), expected: 'pglite' }),
    ).rejects.toThrow(BackupFormatError);
    expect((await readdir(root)).sort()).toEqual(['evil.tar.gz', 'into']);
  });

  it('refuse a backup whose manifest disagrees with what it holds, or that has none', async () => {
    const root = await scratch();
    const lost = join(root, 'lost.tar.gz');
    await archiveOf(lost, [
      text('database/pglite/PG_VERSION', '17'),
      text('data/blobs/one', 'abc'),
      text('ballast-backup.json', manifest({ count: 2, bytes: 6 })),
    ]);
    await expect(checkBackup(lost)).rejects.toThrow(/holds 1 files \(3 bytes\)/);
    const cut = join(root, 'cut.tar.gz');
    await archiveOf(cut, [text('database/pglite/PG_VERSION', '17')]);
    await expect(checkBackup(cut)).rejects.toThrow(/no manifest/);
  });

  it('refuse a backup of the other kind of database at its first entry', async () => {
    const root = await scratch();
    const file = join(root, 'postgres.tar.gz');
    await archiveOf(file, [text('database/postgres.pgdump', 'PGDMP')]);
    await expect(
      unpackBackup(file, { dataDir: root, databaseDir: join(root, 'db'), expected: 'pglite' }),
    ).rejects.toThrow(WrongDatabaseError);
  });
});
