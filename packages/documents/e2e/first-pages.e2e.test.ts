import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../../apps/web/e2e/support/browser.ts';
import { renderStatement } from '../src/render-statement.ts';
import { renderTaxReport } from '../src/render-tax-report.ts';
import { marchStatement, TINY_PNG, taxYear2025 } from '../test/statement-examples.ts';
import { type Ink, inkOf, pdfPageImage } from './support/pdf-page-image.ts';

let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function theBrowser(): Browser {
  if (browser === undefined) throw new Error('Chromium is read before it started');
  return browser;
}

/** Draws the first page, keeps the PNG where a person can open it, and measures its ink. */
async function firstPageInk(pdf: Uint8Array, name: string): Promise<Ink> {
  const png = await pdfPageImage(theBrowser(), pdf, 1);
  const dir = join(tmpdir(), 'ballast-documents');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}-page-1.png`), png);
  return inkOf(theBrowser(), png);
}

// A page of text on white: most pixels white, some dark, and far from all of them (a page drawn
// black, or in inverted colours, fails).
function expectTextOnWhite(ink: Ink): void {
  expect(ink.white).toBeGreaterThan(0.75);
  expect(ink.dark).toBeGreaterThan(0.005);
  expect(ink.dark).toBeLessThan(0.15);
}

describe('documents opened in Chromium', () => {
  it("draw a statement's first page, logo included, as dark text on white", async () => {
    const data = marchStatement();
    const pdf = await renderStatement({
      ...data,
      firm: { ...data.firm, logo: { bytes: TINY_PNG, contentType: 'image/png' } },
    });
    expectTextOnWhite(await firstPageInk(pdf, 'statement'));
  });

  it("draw a tax report's first page as dark text on white", async () => {
    expectTextOnWhite(await firstPageInk(await renderTaxReport(taxYear2025()), 'tax-report'));
  });
});
