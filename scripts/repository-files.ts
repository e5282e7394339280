import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The files the repository checks read: the code, the workspaces and the documents. */

export const root = join(import.meta.dirname, '..');

/** Installed, built or local folders: nothing in them is the repository's own. */
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.git']);

/** A path from the repository root with forward slashes, as documents and messages write it. */
export function fromRoot(path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** Every file below `dir` whose name matches, leaving out installed, built and local folders. */
export function filesUnder(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(path, name);
    return name.test(entry.name) ? [path] : [];
  });
}

/** The folders of apps/ and packages/ that are workspaces (they hold a package.json). */
export function workspaceDirs(): string[] {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => join(root, group, name))
      .filter((dir) => statSync(join(dir, 'package.json'), { throwIfNoEntry: false })?.isFile()),
  );
}

/** README.md, CONTRIBUTING.md, the documents at the top of every package and app, all of docs/. */
export function documentFiles(): string[] {
  return [
    join(root, 'README.md'),
    join(root, 'CONTRIBUTING.md'),
    ...workspaceDirs().flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => file.endsWith('.md'))
        .map((file) => join(dir, file)),
    ),
    ...filesUnder(join(root, 'docs'), /\.md$/),
  ];
}
