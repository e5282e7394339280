import type { ReactNode } from 'react';

/**
 * A labelled box that scrolls a table too tall or too wide for its place: focusable, since a
 * keyboard user must be able to reach a scrolling region to scroll it.
 */
export function ScrollRegion(props: { label: string; className: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
    <section aria-label={props.label} tabIndex={0} className={props.className}>
      {props.children}
    </section>
  );
}
