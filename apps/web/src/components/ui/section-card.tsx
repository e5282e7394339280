import { type ReactNode, useId } from 'react';

/** A titled panel of the detail screen; the heading names the region for assistive technology. */
export function DetailSection(props: {
  title: string;
  /** Controls set beside the heading, such as a range picker or an export button. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${props.className ?? ''}`}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold text-navy-800">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

/** Label and value pairs, as a description list so each value is read with its label. */
export function FigureList(props: {
  figures: { label: string; value: ReactNode }[];
  columns?: string;
}) {
  return (
    <dl className={`grid gap-x-4 gap-y-3 ${props.columns ?? 'grid-cols-2'}`}>
      {props.figures.map((figure) => (
        <div key={figure.label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">
            {figure.label}
          </dt>
          <dd className="mt-0.5 text-sm font-semibold break-words text-slate-900">
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
