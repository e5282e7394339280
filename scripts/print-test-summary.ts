// Prints, over Vitest JSON reports, the ten slowest test files of the run and one closing line,
// "tests: N passed, N failed, N skipped", so that whoever reads CI's output sees the count of
// every run (unit, browser and both database passes) in one place, and sees a file growing slow
// before the suite outgrows its time (decision 034). Each report's file times are read from
// beside it (`NAME.times.json`, written by file-times-reporter.ts), when there.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type FileTime, slowestFiles, type VitestJsonReport } from './test-report.ts';

const SHOWN = 10;

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: print-test-summary.ts <vitest-json-report>...\n');
  process.exit(2);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const runs: { name: string; times: FileTime[] }[] = [];
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const timesFile = file.replace(/\.json$/, '.times.json');
  if (existsSync(timesFile)) {
    runs.push({
      name: basename(file, '.json'),
      times: JSON.parse(readFileSync(timesFile, 'utf8')) as FileTime[],
    });
  }
}
const slowest = slowestFiles(runs, SHOWN);
if (slowest.length > 0) {
  const width = Math.max(...slowest.map((time) => time.file.length));
  process.stdout.write(`the ${slowest.length} slowest test files:\n`);
  for (const time of slowest) {
    const seconds = (time.ms / 1000).toFixed(1).padStart(6);
    process.stdout.write(`  ${seconds} s  ${time.file.padEnd(width)}  ${time.run}\n`);
  }
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
