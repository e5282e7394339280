/**
 * Seeded databases for tests, made once and copied (decision 034). Seeding a scenario values its
 * history, which takes seconds to minutes; a test file that needs a seeded firm starts instead
 * from a copy of one seeded earlier in the run, or in an earlier run of the same code on the same
 * day: the embedded database's dump and the data directory beside it (stored documents and the
 * demo encryption key), with what the seed answered.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastBusinessDayOnOrBefore } from '@ballast/api';
import { createDirectoryBlobStore, createSecretBox } from '@ballast/db';
import { createTestDatabase } from '@ballast/db/testing';
import { buildTestApp } from '../test-app.ts';
import { type SeedResult, type SeedScenario, seedScenario } from './scenarios.ts';

export type SnapshotOptions = {
  seed: Exclude<SeedScenario, 'none'>;
  demoHistoryDays?: number;
  largeCount?: number;
};

export type SeededSnapshot = {
  /** The embedded database's data directory, as PGlite dumps it. */
  dump: Blob;
  /** Copies the seeded data directory's files into `dataDir`, which must not exist yet. */
  copyDataDir(dataDir: string): Promise<void>;
  seeded: SeedResult;
};

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
/** What seeding reads: every package's and the server's code, the migrations and the lock file. */
const SEEDING_SOURCES = ['packages', 'apps/server/src', 'package-lock.json'];
const PREFIX = 'ballast-seeded-';
/** Snapshots of other code are removed once this old, so a run alongside keeps its own. */
const STALE_MS = 3_600_000;
/** How often a file waiting for another's snapshot looks again. */
const LOCK_POLL_MS = 250;

/**
 * The snapshot of `options` for today's as-of date, made now if this code has none yet. While
 * one test file makes it, another that asks for it waits for it rather than making it twice.
 */
export async function seededSnapshot(options: SnapshotOptions): Promise<SeededSnapshot> {
  const code = await codeFingerprint();
  const asOf = lastBusinessDayOnOrBefore(new Date().toISOString().slice(0, 10));
  const variant = createHash('sha256')
    .update(JSON.stringify({ ...options, asOf }))
    .digest('hex')
    .slice(0, 12);
  const directory = join(tmpdir(), `${PREFIX}${code}-${variant}`);
  for (;;) {
    const found = await readSnapshot(directory);
    if (found) return found;
    const lock = await takeLock(`${directory}.lock`);
    if (!lock) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      continue;
    }
    try {
      if (!(await readSnapshot(directory))) {
        await removeStale(code);
        const partial = `${directory}.${process.pid}.${randomBytes(4).toString('hex')}`;
        try {
          await makeSnapshot(partial, options, asOf);
          await rename(partial, directory);
        } finally {
          await rm(partial, { recursive: true, force: true });
        }
      }
    } finally {
      await lock.release();
    }
  }
}

/**
 * The lock on making one snapshot: a file holding the maker's process id, created only if
 * absent. A lock whose process has ended (a test run stopped midway) is taken over.
 */
async function takeLock(path: string): Promise<{ release(): Promise<void> } | undefined> {
  try {
    await writeFile(path, String(process.pid), { flag: 'wx' });
    return { release: () => rm(path, { force: true }) };
  } catch {
    const holder = Number(await readFile(path, 'utf8').catch(() => ''));
    if (holder > 0 && !processIsAlive(holder)) await rm(path, { force: true });
    return undefined;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function makeSnapshot(directory: string, options: SnapshotOptions, asOf: string) {
  const dataDir = join(directory, 'data');
  const database = await createTestDatabase();
  try {
    const built = await buildTestApp(database, { DATA_DIR: dataDir, ENGINE_THREADS: '0' });
    try {
      const seeded = await seedScenario(options.seed, {
        database,
        identity: built.identity,
        publicToken: built.publicToken,
        box: createSecretBox(built.encryptionKey),
        blobs: createDirectoryBlobStore(join(dataDir, 'blobs')),
        asOf,
        ...(options.demoHistoryDays === undefined
          ? {}
          : { demoHistoryDays: options.demoHistoryDays }),
        ...(options.largeCount === undefined ? {} : { largeCount: options.largeCount }),
      });
      if (!seeded) throw new Error(`The ${options.seed} scenario seeded nothing.`);
      const dump = await (database.dumpDataDir?.() ?? Promise.reject(new Error('no dump')));
      await writeFile(join(directory, 'database.tar'), Buffer.from(await dump.arrayBuffer()));
      await writeFile(join(directory, 'seeded.json'), JSON.stringify(seeded));
    } finally {
      await built.app.close();
    }
  } finally {
    await database.dispose();
  }
}

async function readSnapshot(directory: string): Promise<SeededSnapshot | undefined> {
  const seeded = await readFile(join(directory, 'seeded.json'), 'utf8').catch(() => undefined);
  if (seeded === undefined) return undefined;
  const dump = await readFile(join(directory, 'database.tar'));
  return {
    dump: new Blob([dump]),
    copyDataDir: (dataDir) => cp(join(directory, 'data'), dataDir, { recursive: true }),
    seeded: JSON.parse(seeded) as SeedResult,
  };
}

/** Removes snapshots of other code that nobody has made or read for an hour. */
async function removeStale(code: string): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(PREFIX) || name.startsWith(`${PREFIX}${code}-`)) continue;
    const path = join(tmpdir(), name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

let fingerprint: Promise<string> | undefined;

/** A hash of every source file seeding runs, so a change to any of them makes new snapshots. */
function codeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    for (const source of SEEDING_SOURCES) {
      const root = join(REPOSITORY, source);
      const files = (await stat(root)).isDirectory()
        ? (await readdir(root, { recursive: true }))
            .filter((name) => !name.split('/').includes('node_modules'))
            .filter((name) => /\.(ts|sql|json|csv)$/.test(name) && !/\.test\.tsx?$/.test(name))
            .sort()
            .map((name) => join(root, name))
        : [root];
      for (const file of files) {
        hash.update(relative(REPOSITORY, file)).update(await readFile(file));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprint;
}
