import type { ReactNode } from 'react';

/**
 * How results a newer run will replace look: drained of colour, their charts faded. Their text
 * keeps its contrast, since an advisor may still read it, and must be able to.
 */
export const STALE_RESULTS_CLASS = 'grayscale [&_svg]:opacity-50';

/**
 * The column the results fill. It is a size container, so its sections lay themselves out by
 * the room the page gives them (beside the Build form, or a Compare column), not by the window.
 * While a newer run is under way the results stay, dimmed and marked busy.
 */
export function ResultsArea(props: { label: string; dimmed?: boolean; children: ReactNode }) {
  return (
    <section
      aria-label={props.label}
      aria-busy={props.dimmed ?? false}
      className={`@container grid min-w-0 gap-4 ${props.dimmed ? STALE_RESULTS_CLASS : ''}`}
    >
      {props.children}
    </section>
  );
}
