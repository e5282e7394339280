import { type ReactNode, useState } from 'react';

export type RowColumn<Row> = {
  header: string;
  cell(row: Row): ReactNode;
  numeric?: boolean;
  /** Makes the column's header a button that sorts the rows by this value. */
  sortValue?(row: Row): number | string | null;
};

type Sort = { header: string; descending: boolean };

function ariaSort(sorted: Sort | null) {
  if (!sorted) return 'none';
  return sorted.descending ? 'descending' : 'ascending';
}

function sortedRows<Row>(rows: readonly Row[], columns: RowColumn<Row>[], sort: Sort | null) {
  const value = columns.find((column) => column.header === sort?.header)?.sortValue;
  if (!sort || !value) return rows;
  const direction = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const [left, right] = [value(a), value(b)];
    // Rows without the figure go last whichever way the column is sorted.
    if (left === null || right === null) return (left === null ? 1 : 0) - (right === null ? 1 : 0);
    return direction * (left < right ? -1 : left > right ? 1 : 0);
  });
}

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
  /** Keeps the header in view while the table scrolls inside its box. */
  sticky?: boolean;
  rowClassName?(row: Row): string;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  const columns = [props.rowHeader, ...props.columns];
  const rows = sortedRows(props.rows, columns, sort);
  const align = (column: RowColumn<Row>) => (column.numeric ? 'text-right' : 'text-left');
  // A first click sorts ascending, as people expect of text and figures alike.
  const toggle = (header: string) =>
    setSort((current) => ({
      header,
      descending: current?.header === header ? !current.descending : false,
    }));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{props.caption}</caption>
      <thead className={props.sticky ? 'sticky top-0 bg-slate-50' : ''}>
        <tr className={`border-b border-slate-300 ${props.sticky ? 'bg-slate-50' : ''}`}>
          {columns.map((column) => {
            const sorted = sort?.header === column.header ? sort : null;
            return (
              <th
                key={column.header}
                scope="col"
                aria-sort={column.sortValue ? ariaSort(sorted) : undefined}
                className={`px-2 py-1.5 align-bottom font-semibold ${align(column)}`}
              >
                {column.sortValue ? (
                  <button
                    type="button"
                    onClick={() => toggle(column.header)}
                    className={`inline-flex items-end gap-1 rounded hover:text-navy-700 ${column.numeric ? 'text-right' : 'text-left'}`}
                  >
                    {column.header}
                    <span aria-hidden="true" className="text-xs text-slate-500">
                      {sorted ? (sorted.descending ? '▼' : '▲') : '↕'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
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
        <tfoot>
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
