import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Statements that load a module at run time: `import type` and `export type` are erased, but an
// import whose names are all marked `type` still loads its module under verbatimModuleSyntax.
const STATIC = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

/** Every package and built-in the module at `entry` loads, through the engine's own modules. */
function packagesLoadedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(STATIC)].filter((match) => !match[1]).map((match) => match[2]),
      ...[...text.matchAll(DYNAMIC)].map((match) => match[1]),
    ];
    for (const specifier of specifiers) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(join(import.meta.dirname, entry));
  return packages;
}

describe('the entries', () => {
  it('keeps Node built-ins out of the root entry', () => {
    expect([...packagesLoadedFrom('index.ts')].filter((name) => isBuiltin(name))).toEqual([]);
  });

  it('finds them behind the Node entry, where the pool and the file import are', () => {
    expect([...packagesLoadedFrom('node.ts')].filter((name) => isBuiltin(name))).toEqual(
      expect.arrayContaining(['node:crypto', 'node:os', 'node:worker_threads']),
    );
  });
});
