// A Vitest reporter that writes how long each test file took, whole: its environment, its
// imports and its hooks with its tests (Vitest's JSON report times the tests alone, which leaves
// out a browser file's server start). The file it writes is named by TEST_FILE_TIMES; without it
// the reporter writes nothing. `print-test-summary.ts` prints the slowest of them (decision 034).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { FileTime } from './test-report.ts';

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    const ms =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    this.times.push({
      file: relative(process.cwd(), testModule.moduleId),
      run: testModule.project.name,
      ms: Math.round(ms),
    });
  }

  onTestRunEnd(): void {
    const path = process.env.TEST_FILE_TIMES;
    if (path) writeFileSync(path, `${JSON.stringify(this.times, null, 1)}\n`);
  }
}
