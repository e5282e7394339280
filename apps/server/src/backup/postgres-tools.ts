import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export type PostgresTool = 'pg_dump' | 'pg_restore';

/** Where Debian's postgresql packages put each major version's programs. */
const DEBIAN_VERSIONS = '/usr/lib/postgresql';

/**
 * The program on the PATH the command was given, else the newest Debian installs beside its
 * server; undefined when neither has it.
 */
export async function findPostgresTool(
  tool: PostgresTool,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const versions = await readdir(DEBIAN_VERSIONS).catch(() => [] as string[]);
  const debian = versions
    .filter((version) => /^\d+$/.test(version))
    .sort((one, two) => Number(two) - Number(one))
    .map((version) => join(DEBIAN_VERSIONS, version, 'bin'));
  for (const dir of [...onPath, ...debian]) {
    const candidate = join(dir, tool);
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

/**
 * Runs a PostgreSQL program against the database at `url`. The password goes in the program's
 * environment, not its arguments, where anyone on the machine could read it in the process list.
 * Fails with what the program wrote to its standard error.
 */
export function runPostgresTool(
  program: string,
  args: readonly string[],
  url: string,
  env: Record<string, string | undefined>,
): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${target.toString()}`], {
      env: { ...env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
