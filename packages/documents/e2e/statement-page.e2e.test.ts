import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../../apps/web/e2e/support/browser.ts';
import { renderStatement } from '../src/render-statement.ts';
import { marchStatement, TINY_PNG } from '../test/statement-examples.ts';
import { inkOf, pdfPageImage } from './support/pdf-page-image.ts';

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

describe('a statement opened in Chromium', () => {
  it('draws its first page as a white page of dark text', async () => {
    const data = marchStatement();
    const pdf = await renderStatement({
      ...data,
      firm: { ...data.firm, logo: { bytes: TINY_PNG, contentType: 'image/png' } },
    });
    const png = await pdfPageImage(theBrowser(), pdf, 1);
    // Kept where a person can open it and look at the page.
    const dir = join(tmpdir(), 'ballast-documents');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'statement-page-1.png'), png);

    const ink = await inkOf(theBrowser(), png);
    expect(ink.white).toBeGreaterThan(0.75);
    expect(ink.dark).toBeGreaterThan(0.005);
    expect(ink.dark).toBeLessThan(0.15);
  });
});
