/**
 * `npm run bench:web`: builds the web app and measures what a browser downloads to show each
 * route: the entry chunk, the route's lazy chunk, and every chunk those import statically, with
 * the stylesheet, gzip-compressed as the server sends them. Prints one JSON line per route and,
 * last, one object with all routes and whether the login route is within its budget.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = resolve(import.meta.dirname, '../apps/web');
const DIST = join(WEB, 'dist');
const LOGIN_BUDGET_BYTES = 250 * 1024;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const ROUTES: Record<string, string> = {
  '/auth/login': 'src/features/auth/routes/login.tsx',
  '/': 'src/features/portfolios/portfolio-list-page.tsx',
  '/portfolio/:portfolioId': 'src/features/portfolio-detail/portfolio-detail-page.tsx',
};

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the build has no entry chunk');

/** The files a chunk needs before it runs: itself, its static imports, their CSS. */
function closure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

function sizes(files: Set<string>) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(DIST, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const results = Object.entries(ROUTES).map(([route, source]) => {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
  const files = closure(source, closure(entryKey));
  const measured = sizes(files);
  const line = {
    route,
    files: files.size,
    raw_kb: Math.round(measured.raw / 102.4) / 10,
    gzip_kb: Math.round(measured.gzip / 102.4) / 10,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  return { ...line, gzipBytes: measured.gzip };
});

const login = results.find((result) => result.route === '/auth/login');
const summary = {
  routes: results.map(({ gzipBytes: _bytes, ...rest }) => rest),
  login_budget_kb: LOGIN_BUDGET_BYTES / 1024,
  login_within_budget: (login?.gzipBytes ?? Number.POSITIVE_INFINITY) <= LOGIN_BUDGET_BYTES,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
if (!summary.login_within_budget) process.exitCode = 1;
