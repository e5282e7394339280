import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBackupCommand } from './backup-command.ts';
import { runRestoreCommand } from './restore-command.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function run(
  command: typeof runBackupCommand,
  args: string[],
  env: Record<string, string> = {},
) {
  const cwd = await mkdtemp(join(tmpdir(), 'ballast-command-'));
  dirs.push(cwd);
  let stdout = '';
  let stderr = '';
  const code = await command(
    args,
    env,
    {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += `${text}\n`;
      },
    },
    cwd,
  );
  return { code, stdout, stderr, cwd };
}

describe('the backup and restore commands', () => {
  it('answer --help, and 2 for arguments they do not understand', async () => {
    expect((await run(runBackupCommand, ['--help'])).stdout).toContain('Usage: npm run backup');
    expect((await run(runRestoreCommand, ['-h'])).stdout).toContain('Usage: npm run restore');
    const missing = await run(runBackupCommand, []);
    expect(missing).toMatchObject({
      code: 2,
      stderr: '--to is required. Run with --help for usage.\n',
    });
    const unknown = await run(runRestoreCommand, ['--from', 'x', '--into', 'y']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--into'");
  });

  it('stop at bad configuration, naming the variable', async () => {
    const bad = await run(runBackupCommand, ['--to', 'b.tgz'], { DATABASE_URL: 'mysql://x/y' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('refuse a backup inside DATA_DIR, over an existing file, or of no database', async () => {
    const inside = await run(runBackupCommand, ['--to', 'data/b.tgz'], { DATA_DIR: 'data' });
    expect(inside.code).toBe(1);
    expect(inside.stderr).toContain('is inside DATA_DIR');

    const cwd = await mkdtemp(join(tmpdir(), 'ballast-command-'));
    dirs.push(cwd);
    await writeFile(join(cwd, 'b.tgz'), 'an earlier backup');
    const over = await run(runBackupCommand, ['--to', join(cwd, 'b.tgz')]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('exists already');

    const nothing = await run(runBackupCommand, ['--to', join(cwd, 'c.tgz')], {
      DATA_DIR: join(cwd, 'empty'),
    });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('there is no embedded database');
    // Nothing half-written is left beside the backup's name, and no data directory is made.
    expect(await readdir(cwd)).toEqual(['b.tgz']);
  });

  it('refuse to restore a file that is not there', async () => {
    const missing = await run(runRestoreCommand, ['--from', 'nowhere.tgz']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nowhere.tgz does not exist');
  });
});
