import type { ReactNode } from 'react';

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
