import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanLogDirectory } from './log-secrets.ts';

/**
 * Every server a test builds writes its log, at the level a real server logs at, to one
 * directory for the run (`BALLAST_TEST_LOG_DIR`, read by `buildTestApp`); when the whole run is
 * over the logs are scanned, and a secret in any of them fails the run.
 */
export function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ballast-test-logs-'));
  process.env.BALLAST_TEST_LOG_DIR = dir;
  return () => {
    const { findings, lines, files } = scanLogDirectory(dir);
    if (findings.length > 0) {
      const listed = findings.map((f) => `  ${join(dir, f.file)}:${f.line}: ${f.what}`);
      throw new Error(`The test servers' logs hold secrets:\n${listed.join('\n')}`);
    }
    console.info(`Logs scanned: ${lines} lines from ${files} servers, no secret in them.`);
    rmSync(dir, { recursive: true, force: true });
  };
}
