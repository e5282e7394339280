import type { ReactNode } from 'react';

/** A column heading; a hidden one is read by screen readers only (a column of buttons). */
export type TableColumn = { label: string; isNumeric?: boolean; isHidden?: boolean };

/**
 * A table with its headings that scrolls sideways inside its frame on a narrow screen, named by
 * a caption for assistive technology. The frame is positioned so that the visually hidden texts
 * inside (the caption, a hidden heading) stay within it instead of widening the page.
 */
export function TableFrame(props: {
  caption: string;
  columns: readonly TableColumn[];
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="border-b border-slate-300 bg-slate-50 text-slate-700">
          <tr>
            {props.columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-2 ${column.isNumeric ? 'text-right' : ''}`}
              >
                {column.isHidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
