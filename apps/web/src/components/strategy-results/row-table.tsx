import type { ReactNode } from 'react';

export type RowColumn<Row> = { header: string; cell(row: Row): ReactNode; numeric?: boolean };

/**
 * A table whose first column names each row (read out before every cell of the row), with
 * figures right-aligned and an optional total row. Its caption, for screen readers, says what
 * the rows are.
 */
export function RowTable<Row>(props: {
  caption: string;
  rowHeader: RowColumn<NoInfer<Row>>;
  columns: RowColumn<NoInfer<Row>>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  total?: ReactNode[];
  /** Keeps the header (and total) in view while the table scrolls inside its box. */
  sticky?: boolean;
  rowClassName?(row: Row): string;
}) {
  const align = (column: RowColumn<Row>) => (column.numeric ? 'text-right' : 'text-left');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{props.caption}</caption>
      <thead className={props.sticky ? 'sticky top-0 bg-slate-50' : ''}>
        <tr className="border-b border-slate-300">
          {[props.rowHeader, ...props.columns].map((column) => (
            <th
              key={column.header}
              scope="col"
              className={`px-2 py-1.5 font-semibold whitespace-nowrap ${align(column)}`}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr
            key={props.rowKey(row)}
            className={`border-b border-slate-100 ${props.rowClassName?.(row) ?? ''}`}
          >
            <th
              scope="row"
              className={`px-2 py-1 font-medium whitespace-nowrap ${align(props.rowHeader)}`}
            >
              {props.rowHeader.cell(row)}
            </th>
            {props.columns.map((column) => (
              <td
                key={column.header}
                className={`px-2 py-1 whitespace-nowrap ${column.numeric ? 'text-right tabular-nums' : ''}`}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {props.total && (
        <tfoot className={props.sticky ? 'sticky bottom-0 bg-slate-50' : ''}>
          <tr className="border-t border-slate-300 font-semibold">
            <th scope="row" className="px-2 py-1.5 text-left">
              Total
            </th>
            {props.total.map((cell, index) => (
              <td
                key={props.columns[index]?.header ?? index}
                className="px-2 py-1.5 text-right tabular-nums"
              >
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
