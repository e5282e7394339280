import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, root, workspaceDirs } from './repository-files.ts';

/**
 * Dependencies point one way (docs/architecture.md "Dependencies"): contract depends on nothing of
 * ours, engine only on contract (decision 013), db at most on contract, api on contract, engine,
 * db and documents (its CSV writers), web on contract only, documents (rendering from plain data) on nothing of ours. The server is
 * the composition root and may use everything. Browser tests under apps/web/e2e start the real
 * server, so they are outside the web app's own source.
 */
const ALLOWED: Record<string, readonly string[]> = {
  '@ballast/contract': [],
  '@ballast/engine': ['@ballast/contract'],
  '@ballast/db': ['@ballast/contract'],
  '@ballast/identity': ['@ballast/contract', '@ballast/db'],
  '@ballast/api': ['@ballast/contract', '@ballast/engine', '@ballast/db', '@ballast/documents'],
  '@ballast/web': ['@ballast/contract'],
  '@ballast/documents': [],
  '@ballast/server': [
    '@ballast/contract',
    '@ballast/engine',
    '@ballast/db',
    '@ballast/identity',
    '@ballast/api',
    '@ballast/documents',
  ],
};

function importedWorkspaces(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'(@ballast\/[a-z-]+)/g)].map((match) => match[1] ?? '');
}

describe('dependency direction', () => {
  for (const dir of workspaceDirs()) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    it(`${manifest.name} uses only what it may`, () => {
      const allowed = ALLOWED[manifest.name];
      expect(allowed, `${manifest.name} has no entry in the dependency rule`).toBeDefined();
      const srcDir = join(dir, 'src');
      const used = new Set([
        ...Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@ballast/')),
        ...filesUnder(srcDir, /\.tsx?$/).flatMap(importedWorkspaces),
      ]);
      const forbidden = [...used].filter(
        (name) => name !== manifest.name && !allowed?.includes(name),
      );
      expect(forbidden, `forbidden imports in ${relative(root, srcDir)}`).toEqual([]);
    });
  }
});

/**
 * Inside the web app, features are siblings: each imports only itself and the shared layers
 * (components, lib, config), so a feature can be read, moved or deleted alone. The shared layers
 * import no feature and not the app, which composes the features into routes.
 */
describe('web app layers', () => {
  const webSrc = join(root, 'apps/web/src');
  const shared = ['components', 'lib', 'config'].map((name) => join(webSrc, name));
  const inside = (file: string, dir: string) => file.startsWith(`${dir}${sep}`);

  function relativeImports(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) =>
      resolve(dirname(file), match[1] ?? ''),
    );
  }

  function crossings(dir: string, allowed: readonly string[]): string[] {
    return filesUnder(dir, /\.tsx?$/).flatMap((file) =>
      relativeImports(file)
        .filter((target) => !allowed.some((place) => inside(target, place)))
        .map((target) => `${relative(webSrc, file)} → ${relative(webSrc, target)}`),
    );
  }

  const featuresDir = join(webSrc, 'features');
  for (const feature of readdirSync(featuresDir)) {
    const dir = join(featuresDir, feature);
    it(`feature ${feature} imports no other feature and not the app`, () => {
      expect(crossings(dir, [dir, ...shared])).toEqual([]);
    });
  }

  it('components, lib and config import no feature and not the app', () => {
    expect(shared.flatMap((dir) => crossings(dir, shared))).toEqual([]);
  });
});
