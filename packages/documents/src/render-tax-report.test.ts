import { describe, expect, it } from 'vitest';
import { pdfText, readPdf } from '../test/pdf-text.ts';
import { taxYear2025 } from '../test/statement-examples.ts';
import { FiguresDoNotTieError } from './figure-checks.ts';
import { renderTaxReport } from './render-tax-report.ts';

async function reportText(data = taxYear2025()): Promise<string> {
  return pdfText(await renderTaxReport(data));
}

describe('renderTaxReport', () => {
  it('shows the client, the account and the tax year', async () => {
    const text = await reportText();
    for (const expected of [
      'Tax Report',
      'Jane Q. Client',
      'Schwab',
      '1234-5678',
      'Tax year 2025',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('lists each lot in the columns of Form 8949, with code W and the wash-sale adjustment', async () => {
    const text = await reportText();
    expect(text).toContain(
      '10,000 ACME 4.000% 2031-05-01 00036AAB1 02/03/2025 08/15/2025 $10,000.00 $10,400.00 W $150.00 ($250.00)',
    );
    expect(text).toContain('1.5 ETH 01/10/2025 06/30/2025 $3,000.00 $2,500.00 $500.00');
    expect(text).toContain(
      '50,000 CA GO 5.000% 2034-04-01 13063DAD0 03/01/2022 11/20/2025 $48,000.00 $50,000.00 ($2,000.00)',
    );
  });

  it('puts short-term lots in Part I and long-term lots in Part II, each with its totals', async () => {
    const lines = (await reportText()).split('\n');
    const partOne = lines.findIndex((line) => line.startsWith('Part I:'));
    const partTwo = lines.findIndex((line) => line.startsWith('Part II:'));
    expect(partOne).toBeGreaterThan(-1);
    expect(partTwo).toBeGreaterThan(partOne);
    const before = lines.slice(partOne, partTwo).join('\n');
    const after = lines.slice(partTwo).join('\n');
    expect(before).toContain('1.5 ETH');
    expect(after).not.toContain('1.5 ETH');
    expect(after).toContain('50,000 CA GO');
    // Short: 10,000.00 + 3,000.00 = 13,000.00 proceeds; 10,400.00 + 2,500.00 = 12,900.00 cost;
    // 150.00 adjustment; −250.00 + 500.00 = 250.00 gain.
    expect(before).toContain('Totals $13,000.00 $12,900.00 $150.00 $250.00');
    expect(after).toContain('Totals $48,000.00 $50,000.00 $0.00 ($2,000.00)');
  });

  it('sums both terms, and shows the losses harvested and the income', async () => {
    const text = await reportText();
    expect(text).toContain('Short-term $13,000.00 $12,900.00 $150.00 $250.00');
    expect(text).toContain('Long-term $48,000.00 $50,000.00 $0.00 ($2,000.00)');
    // 13,000.00 + 48,000.00 = 61,000.00; 12,900.00 + 50,000.00 = 62,900.00; 250.00 − 2,000.00.
    expect(text).toContain('Total $61,000.00 $62,900.00 $150.00 ($1,750.00)');
    // Harvested 400.00 + 2,000.00 = 2,400.00 in 2 sales.
    expect(text).toContain('Total harvested ($2,400.00)');
    expect(text).toContain('Sales that harvested a loss 2');
    expect(text).toContain('Taxable interest (Form 1099-INT box 1) $1,625.00');
    expect(text).toContain('U.S. Treasury interest (box 3) $500.00');
    expect(text).toContain('Tax-exempt interest (box 8) $2,500.00');
    expect(text).toContain('of which private activity, AMT (box 9) $400.00');
    expect(text).toContain('Staking rewards $84.20');
    expect(text).toContain('Total income $4,750.27');
    expect(text).toContain('Box 9 is part of box 8 and is not counted twice in the total.');
  });

  it('says so when a term has no sales', async () => {
    const data = taxYear2025();
    const shortOnly = {
      ...data,
      lots: data.lots.filter((lot) => lot.term === 'SHORT'),
      totals: {
        ...data.totals,
        LONG: { proceeds: 0, costBasis: 0, washSaleDisallowed: 0, gainLoss: 0 },
      },
    };
    expect(await reportText(shortOnly)).toContain('No long-term sales in 2025.');
  });

  it('gives the same bytes for the same data, dated the last day of the tax year', async () => {
    const first = await renderTaxReport(taxYear2025());
    const second = await renderTaxReport(taxYear2025());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect((await readPdf(first)).info.CreationDate).toBe('D:20251231000000Z');
  });

  it('refuses a lot whose gain or loss is not proceeds less cost plus the wash-sale adjustment', async () => {
    const data = taxYear2025();
    const [first, ...rest] = data.lots;
    if (first === undefined) throw new Error('the example has lots');
    // 10,000.00 − 10,400.00 = −400.00 without the 150.00 added back: not the −250.00 it must be.
    const lots = [{ ...first, gainLoss: -400 }, ...rest];
    await expect(renderTaxReport({ ...data, lots })).rejects.toThrow(FiguresDoNotTieError);
  });

  it('refuses totals that are not the sums of their lots', async () => {
    const data = taxYear2025();
    const totals = { ...data.totals, LONG: { ...data.totals.LONG, proceeds: 48_000.01 } };
    await expect(renderTaxReport({ ...data, totals })).rejects.toThrow(FiguresDoNotTieError);
  });
});
