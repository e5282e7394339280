import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  const columns = [
    { header: 'Client', value: (row: { name: string; nav: number | null }) => row.name },
    { header: 'NAV', value: (row: { name: string; nav: number | null }) => row.nav },
  ];

  it('writes a header and one line per row, quoting what needs quoting', () => {
    expect(
      toCsv(columns, [
        { name: 'Smith, Jane', nav: 1000.5 },
        { name: 'The "Best" Trust', nav: null },
      ]),
    ).toBe('Client,NAV\r\n"Smith, Jane",1000.5\r\n"The ""Best"" Trust",');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(toCsv(columns, [{ name: '=HYPERLINK("x")', nav: -5 }])).toBe(
      `Client,NAV\r\n"'=HYPERLINK(""x"")",-5`,
    );
  });
});
