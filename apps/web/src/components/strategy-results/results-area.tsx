import type { ReactNode } from 'react';

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
      className={`@container grid min-w-0 gap-4 transition-opacity ${props.dimmed ? 'opacity-50' : ''}`}
    >
      {props.children}
    </section>
  );
}
