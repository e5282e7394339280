// Prints one closing line, "tests: N passed, N failed, N skipped", over Vitest JSON reports, so
// that whoever reads CI's output sees the count of every run (unit, browser and both database
// passes) in one place.
import { readFileSync } from 'node:fs';

type VitestJsonReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
};

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: print-test-summary.ts <vitest-json-report>...\n');
  process.exit(2);
}
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
