import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags them. */
const WCAG_2_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now (open dialogs and menus included) against WCAG 2 A and
 * AA, and fails on any serious or critical violation, naming each one's rule, impact, help and
 * the elements it found. Minor and moderate findings do not fail. Call it once the screen has
 * rendered what it is meant to show (its data loaded, not its skeleton), since axe checks only
 * what is in the page at that moment. The page must belong to a context of its own
 * (`openPage`, or `browser.newContext()`): the builder refuses one made by `browser.newPage()`.
 */
export async function expectNoSeriousA11yViolations(page: Page, screenName: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_2_A_AA).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact != null && BLOCKING_IMPACTS.has(violation.impact),
  );
  if (blocking.length === 0) return;
  const count = `${blocking.length} serious or critical accessibility violation${blocking.length === 1 ? '' : 's'}`;
  throw new Error(`${screenName}: axe-core found ${count}:\n${blocking.map(describe).join('\n')}`);
}

function describe(violation: Violation): string {
  const nodes = violation.nodes.map((node) => {
    // A target lists one selector per frame, and within a frame one per shadow root.
    const target = node.target.map((part) => [part].flat().join(' >>> ')).join(' | ');
    const summary = (node.failureSummary ?? '').replaceAll('\n', ' ');
    return `    at ${target}: ${summary}`;
  });
  return [
    `- ${violation.id} (${violation.impact}): ${violation.help} (${violation.helpUrl})`,
    ...nodes,
  ].join('\n');
}
