import type { AssetLine } from '@ballast/contract';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { downloadCsv, toCsv } from '../../../lib/csv.ts';
import {
  HOLDING_COLUMNS,
  HOLDING_CSV_COLUMNS,
  type HoldingColumn,
  holdingsFileName,
} from './holdings-columns.ts';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const NUMERIC = new Set<string>(
  HOLDING_COLUMNS.filter((column) => column.numeric).map((column) => column.key),
);

function columnDefs(): ColumnDef<AssetLine>[] {
  return HOLDING_COLUMNS.map((column: HoldingColumn) => ({
    id: column.key,
    accessorFn: (line) => line[column.key],
    header: column.header,
    cell: (info) => column.format(info.row.original),
    // A first click sorts every column ascending, text or figure, as people expect.
    sortDescFirst: false,
    sortUndefined: 'last',
  }));
}

/** The current report's asset lines, sortable by any column and exportable as CSV. */
export function HoldingsTable(props: {
  assets: AssetLine[];
  clientName: string;
  reportDate: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(columnDefs, []);
  const table = useReactTable({
    data: props.assets,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const exportCsv = () => {
    // The file lists the lines in the order the table shows them.
    const lines = table.getRowModel().rows.map((row) => row.original);
    downloadCsv(
      holdingsFileName(props.clientName, props.reportDate),
      toCsv(HOLDING_CSV_COLUMNS, lines),
    );
  };
  return (
    <SectionCard
      title="Holdings"
      actions={
        <Button variant="secondary" onClick={exportCsv} disabled={props.assets.length === 0}>
          Export CSV
        </Button>
      }
    >
      {props.assets.length === 0 ? (
        <p className="text-sm text-slate-600">No holdings in the latest report.</p>
      ) : (
        <section
          aria-label="Holdings table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the wide table scrolls sideways on a tablet, and a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="max-h-[32rem] overflow-auto rounded border border-slate-200"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">
              Holdings of the latest report; column headers sort the table
            </caption>
            <thead className="sticky top-0 z-10 bg-slate-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const numeric = NUMERIC.has(header.column.id);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
                        className={`px-2 py-1.5 font-semibold whitespace-nowrap ${numeric ? 'text-right' : 'text-left'}`}
                      >
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded hover:text-navy-700"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className="text-xs text-slate-500">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 hover:bg-slate-50">
                  {row.getVisibleCells().map((cell) => {
                    const numeric = NUMERIC.has(cell.column.id);
                    return (
                      <td
                        key={cell.id}
                        className={`px-2 py-1 ${numeric ? 'text-right tabular-nums whitespace-nowrap' : ''} ${cell.column.id === 'description' ? 'min-w-[14rem]' : ''}`}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </SectionCard>
  );
}
