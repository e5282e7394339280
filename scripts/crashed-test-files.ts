// Names the test files whose worker the runtime killed (decision 017), when nothing else went
// wrong: no test failed, and every failed file is one whose worker died of a signal. Prints
// them one per line; exits 1 when there is anything else to answer for, or nothing crashed.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

type VitestJsonReport = {
  numFailedTests: number;
  testResults: { name: string; status: string }[];
};

const [reportPath, logPath] = process.argv.slice(2);
if (!reportPath || !logPath) {
  process.stderr.write('usage: crashed-test-files.ts <vitest-json-report> <vitest-output>\n');
  process.exit(2);
}

/** Files named by Vitest's "Worker exited unexpectedly with signal …" errors in its output. */
function crashedFiles(output: string): Set<string> {
  // Colours aside, the path follows "while running test file".
  const plain = stripVTControlCharacters(output);
  const pattern = /exited unexpectedly with signal SIG[A-Z]+ [^\n]*?while running test file (\S+)/g;
  return new Set(Array.from(plain.matchAll(pattern), (match) => match[1] as string));
}

const report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestJsonReport;
const crashed = crashedFiles(readFileSync(logPath, 'utf8'));
const failedFiles = report.testResults.filter((file) => file.status === 'failed');
const onlyCrashes =
  crashed.size > 0 &&
  report.numFailedTests === 0 &&
  failedFiles.every((file) => crashed.has(file.name));
if (!onlyCrashes) process.exit(1);
process.stdout.write(`${[...crashed].join('\n')}\n`);
