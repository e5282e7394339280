import { describe, expect, it } from 'vitest';
import { pdfText, readPdf } from '../test/pdf-text.ts';
import { manyHoldings, marchStatement, TINY_PNG } from '../test/statement-examples.ts';
import { FiguresDoNotTieError } from './figure-checks.ts';
import { renderStatement } from './render-statement.ts';

describe('renderStatement', () => {
  it('shows the client, the period and every figure of the summary, formatted', async () => {
    const text = await pdfText(await renderStatement(marchStatement()));
    for (const expected of [
      'Account Statement',
      'Jane Q. Client',
      'Individual (taxable)',
      'Fidelity',
      'ABC-123456',
      'Bond ladder, 1 to 10 years',
      'March 1, 2026 – March 31, 2026',
      'Opening value $250,000.00',
      'Deposits $10,000.00',
      'Withdrawals ($4,500.00)',
      'Interest income $812.50',
      'Staking rewards $37.80',
      'Cash interest $12.34',
      'Realised price change ($1,250.00)',
      'Unrealised price change $3,420.16',
      'Fees ($208.33)',
      'Closing value $258,324.47',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('shows realised gains and losses by term with their nets', async () => {
    const text = await pdfText(await renderStatement(marchStatement()));
    // Short: 400.00 − 1,900.00 = −1,500.00; long: 750.00 − 500.00 = 250.00;
    // total 1,150.00 gains, 2,400.00 losses, −1,250.00 net.
    expect(text).toContain('Short-term $400.00 ($1,900.00) ($1,500.00)');
    expect(text).toContain('Long-term $750.00 ($500.00) $250.00');
    expect(text).toContain('Total $1,150.00 ($2,400.00) ($1,250.00)');
  });

  it('lists holdings, cash and their totals, performance and transactions', async () => {
    const text = await pdfText(await renderStatement(marchStatement()));
    expect(text).toContain(
      '50,000 ACME 3.250% 2031-05-01 00036AAB1 Corporate bond 50,000 101.25 $50,625.00 $49,800.00 $825.00 19.60%',
    );
    expect(text).toContain('1.5 BTC Token 1.5 64,000.00 $96,000.00 $90,000.00 $6,000.00 37.16%');
    expect(text).toContain('($150.00)');
    expect(text).toContain('Cash Cash $101,749.47');
    // 50,625.00 + 96,000.00 + 9,950.00 + 101,749.47 cash = 258,324.47, the closing value;
    // cost 49,800.00 + 90,000.00 + 10,100.00 = 149,900.00; 825.00 + 6,000.00 − 150.00 = 6,675.00.
    expect(text).toContain('Total $258,324.47 $149,900.00 $6,675.00');
    // 1.23% − 0.98% = 0.25%.
    expect(text).toContain('This month 1.23% 0.98% 0.25%');
    expect(text).toContain('Since inception -2.50% — —');
    expect(text).toContain('Bloomberg US Aggregate');
    expect(text).toContain('03/16/2026 WITHDRAWAL Withdrawal to bank ($4,500.00)');
    expect(text).toContain('03/02/2026 DEPOSIT Deposit from bank $10,000.00');
  });

  it("names the firm in every page's footer and numbers the pages", async () => {
    const { pages } = await readPdf(await renderStatement(marchStatement()));
    const footer = pages[0]?.lines.at(-1) ?? '';
    expect(footer).toContain('Harbor Ridge Wealth Partners');
    expect(footer).toContain('Page 1 of 1');
  });

  it('carries 120 holdings over several pages, each with the header again', async () => {
    const data = { ...marchStatement(), holdings: manyHoldings(120), transactions: [] };
    // The summary's lines do not involve the holdings, so they still add up.
    const { pages } = await readPdf(await renderStatement(data));
    // A holding row is one 7.5 pt line of Helvetica (7.5 × 1.156 = 8.67 pt) and 6 pt of padding:
    // 14.67 pt. A page has 792 − 96 − 60 = 636 pt for content; a continued page first spends
    // 9 × 1.156 + 3 = 13.40 pt on "Holdings (continued)" and 2 × 8.67 + 6 = 23.34 pt on the
    // two-line header, leaving 599.26 pt: 40 rows. So 121 rows (120 holdings and cash) fill the
    // page after the summary's and the one after it, and end on a third.
    const rowsPerPage = pages.map(
      (page) =>
        page.lines.filter((line) => /^(Bond \d+ B\d{8} Municipal|Cash Cash) /.test(line)).length,
    );
    const holdingPages = rowsPerPage.flatMap((rows, index) => (rows > 0 ? [index] : []));
    expect(holdingPages).toEqual([0, 1, 2, 3]);
    expect(rowsPerPage.slice(1, 3)).toEqual([40, 40]);
    pages.forEach((page, index) => {
      expect(page.lines.at(-1)).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const holdingLine = /^Bond (\d+) B\d{8} Municipal bond/;
    const seen = pages.flatMap((page) =>
      page.lines.flatMap((line) => holdingLine.exec(line)?.[1] ?? []),
    );
    expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => String(index + 1)));
    for (const page of pages.slice(1)) {
      if (!page.lines.some((line) => holdingLine.test(line))) continue;
      const continued = page.lines.indexOf('Holdings (continued)');
      expect(continued).toBeGreaterThan(-1);
      expect(page.lines[continued + 1]).toMatch(/^Description CUSIP Asset class Quantity Price/);
    }
  });

  it('gives a table of tokens, which have no CUSIP, no CUSIP column', async () => {
    const tokens = marchStatement().holdings.filter((holding) => holding.cusip === null);
    const data = { ...marchStatement(), holdings: tokens, transactions: [] };
    const cash = 258_324.47 - tokens.reduce((sum, holding) => sum + holding.marketValue, 0);
    const { pages } = await readPdf(
      await renderStatement({ ...data, cash: Math.round(cash * 100) / 100 }),
    );
    const lines = pages.flatMap((page) => page.lines);
    expect(lines).toContain(
      'Description Asset class Quantity Price Market value Cost basis Unrealised % of',
    );
    expect(lines.some((line) => line.includes('CUSIP'))).toBe(false);
  });

  it('gives the same bytes for the same data, dated the end of the period', async () => {
    const first = await renderStatement(marchStatement());
    const second = await renderStatement(marchStatement());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const { info } = await readPdf(first);
    expect(info.CreationDate).toBe('D:20260331000000Z');
  });

  it("draws the firm's PNG logo instead of its name in the header", async () => {
    const data = marchStatement();
    const withLogo = {
      ...data,
      firm: { ...data.firm, logo: { bytes: TINY_PNG, contentType: 'image/png' as const } },
    };
    const [page] = (await readPdf(await renderStatement(withLogo))).pages;
    expect(page?.imageCount).toBe(1);
    expect(
      page?.lines.filter((line) => line.includes('Harbor Ridge Wealth Partners')),
    ).toHaveLength(1);
  });

  it("writes the firm's name where the logo is SVG or unreadable", async () => {
    const data = marchStatement();
    for (const logo of [
      { bytes: new TextEncoder().encode('<svg/>'), contentType: 'image/svg+xml' as const },
      { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]), contentType: 'image/png' as const },
    ]) {
      const [page] = (
        await readPdf(await renderStatement({ ...data, firm: { ...data.firm, logo } }))
      ).pages;
      expect(page?.imageCount).toBe(0);
      // Once at the top, once in the footer.
      expect(
        page?.lines.filter((line) => line.includes('Harbor Ridge Wealth Partners')),
      ).toHaveLength(2);
    }
  });

  it('writes a name the standard fonts cannot print without its accents, never as other glyphs', async () => {
    const data = marchStatement();
    const pdf = await renderStatement({ ...data, client: { ...data.client, name: 'Łukasz Żółć' } });
    expect(await pdfText(pdf)).toContain('Lukasz Zólc');
  });

  it('refuses a statement whose lines do not add up to its closing value', async () => {
    const data = { ...marchStatement(), closingValue: 258_324.48 };
    await expect(renderStatement(data)).rejects.toThrow(FiguresDoNotTieError);
  });
});
