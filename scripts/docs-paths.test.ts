import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentFiles, fromRoot, root } from './repository-files.ts';

/**
 * Every repository path the documents name exists. A path is a token with a `/` whose first
 * segment is a folder at the top of the repository (`packages/db/src/schema/`, `.ci/run`) or,
 * in a document inside a package or app, a folder of that package (`src/connect.ts` in
 * packages/db/README.md means packages/db/src/connect.ts). URLs, API routes (they start with
 * `/`), globs and placeholders (`*`, `<…>`, `{…}`, `…`) name no single file, and what
 * .gitignore ignores (`dist/`, `docs/openapi.json`) is built, not kept; none of them is checked.
 */

type Ignore = { names: Set<string>; paths: Set<string>; suffixes: string[] };

function readGitignore(): Ignore {
  const ignore: Ignore = { names: new Set(['.git']), paths: new Set(), suffixes: [] };
  for (const raw of readFileSync(join(root, '.gitignore'), 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('*.')) ignore.suffixes.push(line.slice(1));
    else if (line.slice(0, -1).includes('/')) ignore.paths.add(line.replace(/^\//, ''));
    else ignore.names.add(line.replace(/\/$/, ''));
  }
  return ignore;
}

const ignore = readGitignore();

function isIgnored(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  return (
    ignore.paths.has(path) ||
    segments.some((segment) => ignore.names.has(segment)) ||
    ignore.suffixes.some((suffix) => path.endsWith(suffix))
  );
}

function folders(dir: string): Set<string> {
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !isIgnored(entry.name))
      .map((entry) => entry.name),
  );
}

/** The package or app folder a document belongs to, if any. */
function workspaceOf(document: string): string | undefined {
  const [group, name] = relative(root, document).split(sep);
  return (group === 'apps' || group === 'packages') && name && !name.endsWith('.md')
    ? join(root, group, name)
    : undefined;
}

const PLACEHOLDER = /[*<>{}…]|\.\.\./;

/** Each path a document names, as written and as a path from the repository root. */
function namedPaths(document: string, text: string): { written: string; path: string }[] {
  const topLevel = folders(root);
  const workspace = workspaceOf(document);
  const local = workspace ? folders(workspace) : new Set<string>();
  const found: { written: string; path: string }[] = [];
  for (const [token] of text.matchAll(/[^\s`'"()[\]|,;]+/g)) {
    if (token.includes('://') || token.startsWith('/') || PLACEHOLDER.test(token)) continue;
    const written = token.replace(/[.:!?]+$/, '').replace(/#.*$/, '');
    if (!written.includes('/')) continue;
    const first = written.split('/')[0] ?? '';
    const base = workspace && local.has(first) ? workspace : topLevel.has(first) ? root : null;
    if (base === null) continue;
    const path = fromRoot(join(base, written));
    if (!isIgnored(path)) found.push({ written, path });
  }
  return found;
}

function exists(path: string): boolean {
  return statSync(join(root, path), { throwIfNoEntry: false }) !== undefined;
}

describe('paths named in the documents', () => {
  it('reads the documents of the root, every package and app, and docs/', () => {
    const names = documentFiles().map((document) => fromRoot(document));
    expect(names).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'packages/db/README.md',
        'packages/engine/SPEC.md',
        'apps/web/README.md',
        'docs/architecture.md',
      ]),
    );
  });

  it('resolves a package-relative path against its package, and skips routes, URLs and globs', () => {
    const dbReadme = join(root, 'packages', 'db', 'README.md');
    const text =
      'See `src/schema.ts`, packages/api/src/paging.ts, `/portfolios/{id}`, ' +
      'https://example.com/docs/x, `packages/*/README.md`, `dist/`, `docs/openapi.json` and and/or.';
    expect(namedPaths(dbReadme, text).map((named) => named.path)).toEqual([
      'packages/db/src/schema.ts',
      'packages/api/src/paging.ts',
    ]);
  });

  for (const document of documentFiles()) {
    const name = fromRoot(document);
    it(`${name} names only paths that exist`, () => {
      const text = readFileSync(document, 'utf8');
      const missing = namedPaths(document, text)
        .filter((named) => !exists(named.path))
        .map((named) =>
          named.written === named.path ? named.path : `${named.written} (${named.path})`,
        );
      expect(missing, `paths in ${name} that do not exist`).toEqual([]);
    });
  }
});
