import { type ReactNode, useId, useState } from 'react';
import { Button } from '../ui/button.tsx';

type DataColumn<Row> = { header: string; cell(row: Row): ReactNode; numeric?: boolean };

/**
 * A chart with its text alternative: the figure is named by its title and described by a
 * one-sentence summary shown under it, and a toggle swaps the drawing for the same data as a
 * table, for screen readers and for anyone who wants the exact figures.
 */
export function ChartFrame<Row>(props: {
  title: string;
  summary: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Drawn only while the chart, not the table, is shown. */
  children: ReactNode;
  height?: number;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure aria-labelledby={titleId} aria-describedby={summaryId} className="min-w-0">
      <div className="mb-1 flex items-center justify-between gap-2">
        <span id={titleId} className="sr-only">
          {props.title}
        </span>
        <figcaption id={summaryId} className="text-xs text-slate-600">
          {props.summary}
        </figcaption>
        <Button
          variant="ghost"
          className="shrink-0 px-2 py-1 text-xs"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? `Show ${props.title} chart` : `Show ${props.title} as table`}
        </Button>
      </div>
      {asTable ? (
        <DataTable {...props} />
      ) : (
        <div style={{ height: props.height ?? 260 }}>{props.children}</div>
      )}
    </figure>
  );
}

function DataTable<Row>(props: {
  title: string;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  height?: number;
}) {
  return (
    <section
      aria-label={`${props.title} data`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
      tabIndex={0}
      className="overflow-auto rounded border border-slate-200"
      style={{ maxHeight: props.height ?? 260 }}
    >
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {props.columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-3 py-1.5 font-semibold ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} className="border-t border-slate-100">
              {props.columns.map((column) => (
                <td
                  key={column.header}
                  className={`px-3 py-1 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What a chart shows while its data loads, fails or is empty: a box of the chart's size. */
export function ChartPlaceholder(props: { height?: number; children: ReactNode }) {
  return (
    <div
      className="flex items-center justify-center rounded border border-dashed border-slate-300 text-sm text-slate-600"
      style={{ height: props.height ?? 260 }}
    >
      {props.children}
    </div>
  );
}
