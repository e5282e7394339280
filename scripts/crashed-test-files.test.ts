import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, 'crashed-test-files.ts');
const crash = (file: string) =>
  `Caused by: Error: Worker exited unexpectedly with signal SIGTRAP during started state while running test file ${file}\n`;

/** Runs the script on a report and an output; its exit code and what it printed. */
function run(report: object, output: string): { code: number; printed: string } {
  const dir = mkdtempSync(join(tmpdir(), 'crashed-'));
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'output.log'), output);
  try {
    const printed = execFileSync(
      process.execPath,
      [script, join(dir, 'report.json'), join(dir, 'output.log')],
      { encoding: 'utf8' },
    );
    return { code: 0, printed };
  } catch (error) {
    return { code: (error as { status: number }).status, printed: '' };
  }
}

describe('the test files a killed worker left unrun (decision 017)', () => {
  const crashedFile = '/repo/packages/api/test/engine.integration.test.ts';

  it('names them when nothing else failed', () => {
    const report = {
      numFailedTests: 0,
      testResults: [
        { name: crashedFile, status: 'failed' },
        { name: '/repo/a.test.ts', status: 'passed' },
      ],
    };
    expect(run(report, `\u001b[31m${crash(crashedFile)}\u001b[39m`)).toEqual({
      code: 0,
      printed: `${crashedFile}\n`,
    });
  });

  it('refuses when a test failed, even beside a crash', () => {
    const report = { numFailedTests: 1, testResults: [{ name: crashedFile, status: 'failed' }] };
    expect(run(report, crash(crashedFile)).code).toBe(1);
  });

  it('refuses when another file failed, or when no worker crashed', () => {
    const other = { name: '/repo/b.test.ts', status: 'failed' };
    const withOther = {
      numFailedTests: 0,
      testResults: [{ name: crashedFile, status: 'failed' }, other],
    };
    expect(run(withOther, crash(crashedFile)).code).toBe(1);
    expect(run({ numFailedTests: 0, testResults: [other] }, 'Error: boom\n').code).toBe(1);
  });
});
