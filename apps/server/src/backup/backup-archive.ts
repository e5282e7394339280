import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { readTar, type TarEntry, tarStream } from './tar-archive.ts';

const TallySchema = z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) });

/**
 * A backup is one gzip-compressed tar file (decision 026): the database first (the embedded
 * database's data directory under `database/pglite/`, or pg_dump's archive), then every file of
 * the data directory but the embedded database's own under `data/` (the blob store's KYC uploads,
 * statements and tax reports, the demo's key), then this manifest, last, so that a backup cut
 * short is known by its missing manifest and one that lost files by its counts.
 */
export const BackupManifestSchema = z.object({
  format: z.literal('ballast-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: TallySchema.extend({
    kind: z.enum(['pglite', 'postgres']),
    /** The migrations the database had run when it was copied. */
    migrations: z.number().int().min(0),
  }),
  files: TallySchema,
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
export type DatabaseKind = BackupManifest['database']['kind'];
type Tally = z.infer<typeof TallySchema>;

const MANIFEST_NAME = 'ballast-backup.json';
const DATA_PREFIX = 'data/';
const PGLITE_PREFIX = 'database/pglite/';
const PGDUMP_NAME = 'postgres.pgdump';
const PGDUMP_ENTRY = `database/${PGDUMP_NAME}`;
/** The embedded database's directory in the data directory (the configuration's too). */
export const PGLITE_DIR = 'pglite';
/** Work directories in the data directory that a copy of the embedded database is taken into. */
export const BACKUP_WORK_PREFIX = '.backup-';

/**
 * The database as copied for a backup: a copy of the embedded database's data directory, or
 * pg_dump's archive; `dispose` removes it once written.
 */
export type DatabaseCopy = {
  kind: DatabaseKind;
  migrations: number;
  path: string;
  dispose(): Promise<void>;
};

export class BackupFormatError extends Error {
  override name = 'BackupFormatError';
}

/** A backup of the embedded database met where a PostgreSQL one was expected, or the reverse. */
export class WrongDatabaseError extends Error {
  override name = 'WrongDatabaseError';
  readonly found: DatabaseKind;
  constructor(found: DatabaseKind) {
    super(
      `It is a backup of ${found === 'pglite' ? 'the embedded database' : 'a PostgreSQL database'}.`,
    );
    this.found = found;
  }
}

/** Writes the backup to `destination` and answers its manifest. */
export async function writeBackupArchive(
  database: DatabaseCopy,
  dataDir: string,
  destination: Writable,
): Promise<BackupManifest> {
  const manifest: BackupManifest = {
    format: 'ballast-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: { kind: database.kind, migrations: database.migrations, count: 0, bytes: 0 },
    files: { count: 0, bytes: 0 },
  };
  async function* entries(): AsyncGenerator<TarEntry> {
    if (database.kind === 'pglite') {
      yield* entriesUnder(database.path, PGLITE_PREFIX, manifest.database);
    } else {
      const dump = await fileEntry(database.path, PGDUMP_ENTRY, manifest.database);
      if (dump) yield* dump;
    }
    yield* entriesUnder(dataDir, DATA_PREFIX, manifest.files, isOwnData);
    const text = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
    yield { kind: 'file', name: MANIFEST_NAME, size: text.byteLength, body: text };
  }
  await pipeline(Readable.from(tarStream(entries())), createGzip(), destination);
  return manifest;
}

/**
 * The data directory's own files: not the embedded database (copied apart), a work directory of
 * its copy, or the blob store's half-written temporaries (named `….part`, which no key is).
 */
function isOwnData(path: string, entry: Dirent): boolean {
  if (path === PGLITE_DIR || path.startsWith(BACKUP_WORK_PREFIX)) return false;
  return entry.isDirectory() || (entry.isFile() && !entry.name.endsWith('.part'));
}

/** Every directory and regular file under `root`, in name order, as entries under `prefix`. */
async function* entriesUnder(
  root: string,
  prefix: string,
  tally: Tally,
  keep: (path: string, entry: Dirent) => boolean = (_path, entry) =>
    entry.isDirectory() || entry.isFile(),
  under = '',
): AsyncGenerator<TarEntry> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(root, under), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((one, two) => one.name.localeCompare(two.name))) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (!keep(path, entry)) continue;
    if (entry.isDirectory()) {
      yield { kind: 'directory', name: `${prefix}${path}` };
      yield* entriesUnder(root, prefix, tally, keep, path);
    } else {
      const file = await fileEntry(join(root, path), `${prefix}${path}`, tally);
      if (file) yield* file;
    }
  }
}

/**
 * One file as an entry. It is opened before its size is read, so size and bytes are those of one
 * file even if its name is replaced meanwhile; a file gone since it was listed is left out.
 */
async function fileEntry(
  path: string,
  name: string,
  tally: Tally,
): Promise<AsyncGenerator<TarEntry> | undefined> {
  const file = await open(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!file) return undefined;
  return (async function* () {
    try {
      const { size } = await file.stat();
      yield {
        kind: 'file',
        name,
        size,
        body: () => file.createReadStream({ start: 0, autoClose: false }),
      };
      tally.count += 1;
      tally.bytes += size;
    } finally {
      await file.close();
    }
  })();
}

/** What to do with each part of a backup as it is read. */
type BackupReader = {
  /** A directory or file of the database; `path` is relative to where the database goes. */
  database(
    kind: DatabaseKind,
    path: string,
    body: AsyncIterable<Uint8Array> | undefined,
  ): Promise<void>;
  /** A directory or file of the data directory, `path` relative to it. */
  dataFile(path: string, body: AsyncIterable<Uint8Array> | undefined): Promise<void>;
};

/**
 * Reads a backup through, handing each part to `reader` (directories with no body); refuses any
 * file that is not a whole backup: one cut short or damaged, holding a path that would leave
 * where it goes, or whose manifest disagrees with what it holds.
 */
async function readBackup(file: string, reader: BackupReader): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let kind: DatabaseKind | undefined;
  const found = { database: { count: 0, bytes: 0 }, files: { count: 0, bytes: 0 } };
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const entry of readTar(source)) {
      if (manifest) throw new BackupFormatError(`${entry.name} follows the manifest.`);
      const body = entry.kind === 'file' ? entry.body : undefined;
      const size = entry.kind === 'file' ? entry.size : 0;
      if (entry.name === MANIFEST_NAME && entry.kind === 'file') {
        manifest = parseManifest(await textOf(entry.body, entry.size));
        continue;
      }
      const part = partOf(entry.name);
      if (part.in === 'data') {
        await reader.dataFile(part.path, body);
      } else {
        if (kind && kind !== part.kind) throw new BackupFormatError('It holds two databases.');
        kind = part.kind;
        await reader.database(part.kind, part.path, body);
      }
      if (entry.kind === 'file') {
        const tally = part.in === 'data' ? found.files : found.database;
        tally.count += 1;
        tally.bytes += size;
      }
    }
  });
  if (!manifest) throw new BackupFormatError('It has no manifest: it was cut short.');
  const { database, files } = manifest;
  if (kind !== database.kind) {
    throw new BackupFormatError('Its database is not the one its manifest names.');
  }
  for (const [what, held, said] of [
    ['database', found.database, database],
    ['data directory', found.files, files],
  ] as const) {
    if (held.count !== said.count || held.bytes !== said.bytes) {
      throw new BackupFormatError(
        `It holds ${held.count} files (${held.bytes} bytes) of the ${what} where its manifest says ${said.count} (${said.bytes} bytes).`,
      );
    }
  }
  return manifest;
}

type Part = { in: 'data'; path: string } | { in: 'database'; kind: DatabaseKind; path: string };

function partOf(name: string): Part {
  if (name.startsWith(DATA_PREFIX)) {
    const path = checkedPath(name, name.slice(DATA_PREFIX.length));
    if (path === PGLITE_DIR || path.startsWith(`${PGLITE_DIR}/`)) {
      throw new BackupFormatError(`${name} is not a path a backup may hold.`);
    }
    return { in: 'data', path };
  }
  if (name.startsWith(PGLITE_PREFIX)) {
    return {
      in: 'database',
      kind: 'pglite',
      path: checkedPath(name, name.slice(PGLITE_PREFIX.length)),
    };
  }
  if (name === PGDUMP_ENTRY) return { in: 'database', kind: 'postgres', path: PGDUMP_NAME };
  throw new BackupFormatError(`${name} is not part of a Ballast backup.`);
}

/** A relative path of plain segments, so that nothing is written outside where it belongs. */
function checkedPath(name: string, path: string): string {
  const plain = path
    .split('/')
    .every(
      (segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'),
    );
  if (!plain) throw new BackupFormatError(`${name} is not a path a backup may hold.`);
  return path;
}

/** Reads a backup through without keeping anything, to know that it is whole. */
export function checkBackup(file: string): Promise<BackupManifest> {
  return readBackup(file, {
    database: (_kind, _path, body) => drain(body),
    dataFile: (_path, body) => drain(body),
  });
}

/**
 * Unpacks a backup: the data directory's files into `dataDir` and the database's into
 * `databaseDir` (pg_dump's archive as `postgres.pgdump`), neither of which may hold them yet. A
 * backup of another kind of database than `expected` is refused at its first entry, before
 * anything much is written.
 */
export function unpackBackup(
  file: string,
  options: { dataDir: string; databaseDir: string; expected: DatabaseKind },
): Promise<BackupManifest> {
  return readBackup(file, {
    async database(kind, path, body) {
      if (kind !== options.expected) throw new WrongDatabaseError(kind);
      await place(join(options.databaseDir, path), body);
    },
    dataFile: (path, body) => place(join(options.dataDir, path), body),
  });
}

/** The path of a pg_dump archive that `unpackBackup` wrote into `databaseDir`. */
export function pgDumpIn(databaseDir: string): string {
  return join(databaseDir, PGDUMP_NAME);
}

async function place(target: string, body: AsyncIterable<Uint8Array> | undefined): Promise<void> {
  if (!body) {
    await mkdir(target, { recursive: true });
    return;
  }
  await mkdir(dirname(target), { recursive: true });
  await pipeline(body, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
}

async function drain(body: AsyncIterable<Uint8Array> | undefined): Promise<void> {
  if (body) for await (const _chunk of body);
}

function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupFormatError('Its manifest is not JSON.');
  }
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupFormatError(
      `Its manifest is not one this version reads (${parsed.error.issues[0]?.path.join('.')}).`,
    );
  }
  return parsed.data;
}

async function textOf(body: AsyncIterable<Uint8Array>, size: number): Promise<string> {
  if (size > 64 * 1024) throw new BackupFormatError('Its manifest is too large.');
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
