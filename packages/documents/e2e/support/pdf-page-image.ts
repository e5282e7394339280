import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Route } from 'playwright-core';

/** pdf.js as published, served to the page from the installed package: nothing is fetched. */
const PDFJS_DIR = dirname(dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/build/pdf.mjs'))));

/** An address Chromium never resolves: every request to it is answered by `route` below. */
const ORIGIN = 'http://documents.test';

const VIEWER = `<!doctype html>
<html>
  <body style="margin:0;background:#fff">
    <canvas id="page"></canvas>
    <script type="module">
      import * as pdfjs from '/pdf.mjs';
      pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
      const pageNumber = Number(new URLSearchParams(location.search).get('page'));
      try {
        const pdf = await pdfjs.getDocument({
          url: '/document.pdf',
          standardFontDataUrl: '/standard_fonts/',
        }).promise;
        const page = await pdf.getPage(pageNumber);
        const viewport = page.getViewport({ scale: 1.5 });
        const canvas = document.getElementById('page');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        await page.render({ canvas, viewport }).promise;
        document.body.dataset.rendered = 'true';
      } catch (error) {
        document.body.dataset.failed = String(error);
      }
    </script>
  </body>
</html>`;

const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.pdf': 'application/pdf',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
};

async function serve(route: Route, pdf: Uint8Array): Promise<void> {
  const path = new URL(route.request().url()).pathname;
  const type = TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
  if (path === '/') return route.fulfill({ contentType: 'text/html', body: VIEWER });
  if (path === '/document.pdf') return route.fulfill({ contentType: type, body: Buffer.from(pdf) });
  const file =
    path === '/pdf.mjs' || path === '/pdf.worker.mjs'
      ? join(PDFJS_DIR, 'build', path)
      : path.startsWith('/standard_fonts/')
        ? join(PDFJS_DIR, path)
        : null;
  if (file === null || file.includes('..')) return route.fulfill({ status: 404 });
  return route.fulfill({ contentType: type, body: await readFile(file) });
}

/**
 * A page of a PDF drawn by pdf.js into a canvas in Chromium, as a PNG: what a client sees when
 * the browser opens the document.
 */
export async function pdfPageImage(
  browser: Browser,
  pdf: Uint8Array,
  pageNumber: number,
): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1300 } });
  try {
    const page = await context.newPage();
    await page.route(`${ORIGIN}/**`, (route) => serve(route, pdf));
    await page.goto(`${ORIGIN}/?page=${pageNumber}`);
    await page.waitForSelector('body[data-rendered], body[data-failed]');
    const failure = await page.locator('body').getAttribute('data-failed');
    if (failure !== null) throw new Error(`pdf.js could not draw the page: ${failure}`);
    return await page.locator('#page').screenshot();
  } finally {
    await context.close();
  }
}

export type Ink = { white: number; dark: number };

/**
 * The share of a PNG's pixels that are near white and that are dark (text), measured by decoding
 * the PNG itself in the browser.
 */
export async function inkOf(browser: Browser, png: Buffer): Promise<Ink> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async (source) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        if (context === null) throw new Error('no 2D canvas');
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let white = 0;
        let dark = 0;
        for (let index = 0; index < data.length; index += 4) {
          const red = data[index] ?? 0;
          const green = data[index + 1] ?? 0;
          const blue = data[index + 2] ?? 0;
          if (red > 235 && green > 235 && blue > 235) white += 1;
          if (0.299 * red + 0.587 * green + 0.114 * blue < 100) dark += 1;
        }
        const pixels = data.length / 4;
        return { white: white / pixels, dark: dark / pixels };
      },
      `data:image/png;base64,${png.toString('base64')}`,
    );
  } finally {
    await page.close();
  }
}
