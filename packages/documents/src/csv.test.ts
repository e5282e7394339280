import { describe, expect, it } from 'vitest';
import { taxYear2025 } from '../test/statement-examples.ts';
import {
  firmTransactionsCsv,
  type TransactionCsvRow,
  type TransitionCsvRow,
  taxLotsCsv,
  transactionsCsv,
  transitionsCsv,
} from './csv.ts';

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

/** The pages as a stream would hand them over, one at a time. */
async function* pagesOf<T>(...pages: T[][]): AsyncGenerator<T[]> {
  for (const page of pages) yield page;
}

async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('firmTransactionsCsv', () => {
  it('writes the transactions columns after the portfolio, one chunk per page, the header with the first', async () => {
    const chunks: string[] = [];
    for await (const chunk of firmTransactionsCsv(
      pagesOf([{ ...deposit, portfolioId: 'p-1' }], [], [{ ...deposit, portfolioId: 'p-2' }]),
    )) {
      chunks.push(chunk);
    }
    expect(chunks).toEqual([
      'Portfolio,Date,Kind,Reason,Instrument,Description,Quantity,Amount,Income,Fee\r\n' +
        'p-1,2026-03-02,DEPOSIT,,,Deposit from bank,,10000.00,,\r\n',
      'p-2,2026-03-02,DEPOSIT,,,Deposit from bank,,10000.00,,\r\n',
    ]);
  });

  it('writes only the header when there is nothing in the range', async () => {
    expect(await textOf(firmTransactionsCsv(pagesOf()))).toBe(
      'Portfolio,Date,Kind,Reason,Instrument,Description,Quantity,Amount,Income,Fee\r\n',
    );
  });
});

describe('transitionsCsv', () => {
  const move: TransitionCsvRow = {
    at: '2026-03-02T14:05:00.123456Z',
    portfolioId: 'p-1',
    actionId: 'a-1',
    actionType: 'OPEN-ACCOUNT',
    fromState: null,
    toState: 'SUBMITTED',
    actorAdvisorId: 'adv-1',
    actorName: 'Ada Lovelace',
    payloadHash: 'ab'.repeat(32),
  };

  it('writes one record per move with the microsecond, an empty first state and the hash', async () => {
    expect((await textOf(transitionsCsv(pagesOf([move])))).split('\r\n')).toEqual([
      'At (UTC),Portfolio,Action,Action type,From state,To state,Actor,Actor name,Payload SHA-256',
      `2026-03-02T14:05:00.123456Z,p-1,a-1,OPEN-ACCOUNT,,SUBMITTED,adv-1,Ada Lovelace,${'ab'.repeat(32)}`,
      '',
    ]);
  });

  it('quotes a name with commas, quotes and line breaks, and defuses a formula', async () => {
    const text = await textOf(
      transitionsCsv(
        pagesOf([
          { ...move, actorName: 'O\'Neil, "Jr"\nof =Acme' },
          { ...move, actorName: '=1+1' },
        ]),
      ),
    );
    expect(text).toContain(',adv-1,"O\'Neil, ""Jr""\nof =Acme",');
    expect(text).toContain(",adv-1,'=1+1,");
  });
});
