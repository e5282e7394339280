import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentFiles, filesUnder, fromRoot, root } from './repository-files.ts';

/**
 * Every citation in the code and the documents resolves to a page of this repository.
 * - `product §N` is section N of docs/product.md, and a quoted name after it
 *   (`product §5 'Owner form'`) one of that section's `###` sub-headings.
 * - A `§` with one digit and no dotted part (§1 to §9) means the product, so it says `product`
 *   before it, unless a standard's name stands right before it, perhaps after one or two words
 *   of edition or number (`RFC 6749 §5.2`, `OpenID Connect Discovery 1.0 §3`, `26 U.S.C. §1`,
 *   `PROTOCOL.md §1`), or it continues a list that began with one (`26 U.S.C. §1211 and §1212`).
 *   Dotted and longer numbers (§4.1.3, §1212) are never the product's.
 * - Architecture decisions are cited as `docs/architecture.md "Heading"` (or
 *   `architecture "Heading"`), a `##` heading of that page. The old design and style notes are
 *   not in the repository, so their names are not cited at all.
 */
const self = fromRoot(import.meta.filename);

const STANDARD =
  /(?:RFC|Core|Discovery|Logout|Management|Registration|OAuth|OpenID|U\.S\.C\.|PROTOCOL\.md|SPEC\.md|SPEC)`?(?:\s+[\w.]+){0,2}\s*$/;
/** A citation earlier in the same list: `§1211 and `, `§5.1, `, `§4.1 or `. */
const LIST_TAIL = /§[\d.]+(?:\([\w.]+\))*(?:,\s*|\s+and\s+|\s+or\s+|\/)$/;
const SECTION_SIGN = /§(\d+(?:\.\d+)*)/g;

type Sections = Map<string, Set<string>>;

function normalise(text: string): string {
  return text
    .replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function productSections(): Sections {
  const sections: Sections = new Map();
  let current: Set<string> | undefined;
  for (const line of readFileSync(join(root, 'docs', 'product.md'), 'utf8').split('\n')) {
    const section = /^## §(\d+)\b/.exec(line);
    if (section?.[1]) {
      current = new Set();
      sections.set(section[1], current);
    } else if (line.startsWith('## ')) current = undefined;
    const sub = /^### (.+)$/.exec(line);
    if (sub?.[1] && current) current.add(normalise(sub[1]));
  }
  return sections;
}

function architectureHeadings(): Set<string> {
  const text = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  return new Set([...text.matchAll(/^## (.+)$/gm)].map((match) => normalise(match[1] ?? '')));
}

/** Whether the `§` at `index` belongs to a standard rather than to the product. */
function isStandard(text: string, index: number): boolean {
  let before = text.slice(Math.max(0, index - 200), index);
  for (;;) {
    if (STANDARD.test(before)) return true;
    const tail = LIST_TAIL.exec(before);
    if (!tail) return false;
    before = before.slice(0, tail.index);
  }
}

/** Every problem with the citations of one text, each as a short line. */
function citationProblems(text: string, sections: Sections, headings: Set<string>): string[] {
  const problems: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(SECTION_SIGN)) {
    const index = match.index ?? 0;
    const number = match[1] ?? '';
    // docs/product.md's own headings define the sections rather than cite them.
    if (/(?:^|\n)## $/.test(text.slice(Math.max(0, index - 4), index))) continue;
    if (/\bproduct\s+$/i.test(text.slice(Math.max(0, index - 20), index))) {
      const subsections = sections.get(number);
      if (!subsections) {
        problems.push(`${lineOf(index)}: product §${number} is not a section of docs/product.md`);
        continue;
      }
      const rest = text.slice(index + match[0].length);
      const quoted = /^\s+(['"])([^'"]+)\1/.exec(rest);
      if (quoted?.[2] && !subsections.has(normalise(quoted[2]))) {
        problems.push(
          `${lineOf(index)}: product §${number} has no sub-heading "${normalise(quoted[2])}"`,
        );
      }
    } else if (/^[1-9]$/.test(number) && !isStandard(text, index)) {
      problems.push(`${lineOf(index)}: §${number} without "product" before it`);
    }
  }
  for (const match of text.matchAll(/\b(DESIGN|STYLE)(?:\.md)?\b/g)) {
    problems.push(`${lineOf(match.index ?? 0)}: cites ${match[0]}, which is not in the repository`);
  }
  for (const match of text.matchAll(/\barchitecture(?:\.md)?`?\s+"([^"]+)"/g)) {
    if (!headings.has(normalise(match[1] ?? ''))) {
      problems.push(
        `${lineOf(match.index ?? 0)}: docs/architecture.md has no heading "${normalise(match[1] ?? '')}"`,
      );
    }
  }
  return problems;
}

function citingFiles(): string[] {
  const code = ['apps', 'packages', 'scripts'].flatMap((dir) =>
    filesUnder(join(root, dir), /\.tsx?$/),
  );
  return [...code, ...documentFiles()]
    .map(fromRoot)
    .filter((file) => file !== self)
    .sort();
}

describe('citations', () => {
  const sections = productSections();
  const headings = architectureHeadings();
  const check = (text: string) => citationProblems(text, sections, headings);

  it('finds the nine sections of docs/product.md and the headings of docs/architecture.md', () => {
    expect([...sections.keys()]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(sections.get('5')?.has('owner form')).toBe(true);
    expect(headings.has('action states')).toBe(true);
  });

  it('tells product citations from standards, and finds what does not resolve', () => {
    expect(check('// product §5 \'Owner form\' and product §8 "Settings save"')).toEqual([]);
    expect(check('## §5 Validation rules')).toEqual([]);
    expect(check('(RFC 6749 §5.2, RFC 6750 §3) OpenID Connect Discovery 1.0 §3')).toEqual([]);
    expect(
      check('26 U.S.C. §1(h); 26 U.S.C. §1211(b) and §1212(b); Core §5.1, §5.4; (§2.3)'),
    ).toEqual([]);
    expect(check('(`PROTOCOL.md` §7) and docs/architecture.md "Action\n * states"')).toEqual([]);
    expect(check("spec §4, §5 and product §12; product §5 'Owner forms'")).toEqual([
      '1: §4 without "product" before it',
      '1: §5 without "product" before it',
      '1: product §12 is not a section of docs/product.md',
      '1: product §5 has no sub-heading "owner forms"',
    ]);
    expect(check('(DESIGN "Roles") STYLE.md architecture "Nowhere"')).toEqual([
      '1: cites DESIGN, which is not in the repository',
      '1: cites STYLE.md, which is not in the repository',
      '1: docs/architecture.md has no heading "nowhere"',
    ]);
  });

  it('every citation in the code and the documents resolves', () => {
    const problems = citingFiles().flatMap((file) =>
      check(readFileSync(join(root, file), 'utf8')).map((problem) => `${file}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
