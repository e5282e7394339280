import { describe, expect, it } from 'vitest';
import { taxYear2025 } from '../test/statement-examples.ts';
import { type TransactionCsvRow, taxLotsCsv, transactionsCsv } from './csv.ts';

const deposit: TransactionCsvRow = {
  date: '2026-03-02',
  kind: 'DEPOSIT',
  reason: null,
  instrument: null,
  description: 'Deposit from bank',
  quantity: null,
  amount: 10_000,
  income: null,
  fee: null,
};

describe('transactionsCsv', () => {
  it('writes a header and one CRLF-ended record per row, money with two decimals', () => {
    const sale: TransactionCsvRow = {
      date: '2026-03-16',
      kind: 'SELL',
      reason: 'HARVEST',
      instrument: '00036AAB1',
      description: 'Sold 10,000 ACME',
      quantity: -10_000,
      amount: 9_987.5,
      income: 12.25,
      fee: 0,
    };
    expect(transactionsCsv([deposit, sale])).toBe(
      'Date,Kind,Reason,Instrument,Description,Quantity,Amount,Income,Fee\r\n' +
        '2026-03-02,DEPOSIT,,,Deposit from bank,,10000.00,,\r\n' +
        '2026-03-16,SELL,HARVEST,00036AAB1,"Sold 10,000 ACME",-10000,9987.50,12.25,0.00\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    const row = { ...deposit, description: 'Wire "urgent", from\r\nfirst bank\nto us' };
    const [, record] = transactionsCsv([row]).split('\r\n2026');
    expect(record).toBe(
      '-03-02,DEPOSIT,,,"Wire ""urgent"", from\r\nfirst bank\nto us",,10000.00,,\r\n',
    );
  });

  it('keeps a plain negative number a number, and token quantities without an exponent', () => {
    const row = { ...deposit, quantity: 0.0000001, amount: -4_500 };
    expect(transactionsCsv([row])).toContain(',0.0000001,-4500.00,');
  });

  it('makes text that a spreadsheet would run as a formula into plain text', () => {
    const cells = [
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
      ['+1+1', "'+1+1"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t=1"],
      ['\r=1', `"'\r=1"`],
      ['-12', '-12'],
      ['-12.50', '-12.50'],
      ['-', "'-"],
      ['a=b', 'a=b'],
    ];
    for (const [description, written] of cells) {
      const text = transactionsCsv([{ ...deposit, description: description ?? '' }]);
      expect(text).toContain(`,,,${written},,10000.00,`);
    }
  });
});

describe('taxLotsCsv', () => {
  it('writes the Form 8949 columns with code W, term and CUSIP', () => {
    const lines = taxLotsCsv(taxYear2025().lots).split('\r\n');
    expect(lines[0]).toBe(
      'Description,CUSIP,Date acquired,Date sold,Proceeds,Cost basis,Code,Adjustment,Gain or loss,Term',
    );
    expect(lines[1]).toBe(
      '"10,000 ACME 4.000% 2031-05-01",00036AAB1,2025-02-03,2025-08-15,10000.00,10400.00,W,150.00,-250.00,SHORT',
    );
    expect(lines[2]).toBe('1.5 ETH,,2025-01-10,2025-06-30,3000.00,2500.00,,0.00,500.00,SHORT');
    expect(lines.at(-1)).toBe('');
  });
});
