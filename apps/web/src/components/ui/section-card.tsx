import { type ReactNode, useId } from 'react';

/** A titled panel; the heading names the region for assistive technology. */
export function SectionCard(props: {
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
