import { describe, expect, it } from 'vitest';
import { slowestFiles } from './test-report.ts';

describe('the slowest test files of a run', () => {
  it('orders the files of every run by their own time, longest first, and keeps the first few', () => {
    const slowest = slowestFiles(
      [
        {
          name: 'all',
          times: [
            { file: 'a.test.ts', run: 'unit', ms: 3_000 },
            { file: 'b.e2e.test.ts', run: 'browser', ms: 500 },
          ],
        },
        {
          name: 'postgresql',
          times: [
            { file: 'a.test.ts', run: 'integration', ms: 1_000 },
            { file: 'c.test.ts', run: 'integration', ms: 7_000 },
          ],
        },
      ],
      3,
    );
    expect(slowest).toEqual([
      { file: 'c.test.ts', run: 'postgresql integration', ms: 7_000 },
      { file: 'a.test.ts', run: 'all unit', ms: 3_000 },
      { file: 'a.test.ts', run: 'postgresql integration', ms: 1_000 },
    ]);
  });

  it('answers nothing for a run that timed no file', () => {
    expect(slowestFiles([{ name: 'all', times: [] }], 10)).toEqual([]);
  });
});
