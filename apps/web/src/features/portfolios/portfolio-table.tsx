// biome-ignore-all lint/a11y/noRedundantRoles: the table is laid out with CSS grid and flex, and some browsers drop a table's semantics when its display changes, so the roles are stated.
import type { PortfolioListItem } from '@ballast/contract';
import {
  type Cell,
  flexRender,
  getCoreRowModel,
  type Header,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { portfolioColumns } from './portfolio-columns.tsx';
import { findPortfolioField, type PortfolioSort } from './portfolio-fields.ts';

// Every row is one line high, so the virtualizer knows each row's place without measuring it.
const ROW_HEIGHT = 48;
// Rows drawn beyond each edge of the view, so a fast scroll does not show blank space.
const OVERSCAN = 12;

const STICKY_COLUMN_ID = 'client_name';

/**
 * The portfolios as a table whose rows are drawn only while near the view: ten thousand rows
 * cost what forty do. The rows keep table semantics for assistive technology (explicit roles,
 * because the layout is not a CSS table), `aria-rowcount` tells the whole count and each row its
 * `aria-rowindex`. The header stays in view, and the client name column stays at the left while
 * the other columns scroll sideways. Rows arrive already filtered and sorted; the table keeps the
 * sort state only to draw the headers and hand clicks back.
 */
export function PortfolioTable(props: {
  portfolios: PortfolioListItem[];
  sort: PortfolioSort | null;
  onSortChange(sort: PortfolioSort | null): void;
  onDelete(portfolio: PortfolioListItem): void;
  isUpdating: boolean;
}) {
  const { onDelete, onSortChange } = props;
  const scrollRef = useRef<HTMLElement>(null);
  const columns = useMemo(() => portfolioColumns({ onDelete }), [onDelete]);
  const sorting: SortingState = props.sort ? [props.sort] : [];

  const table = useReactTable({
    data: props.portfolios,
    columns,
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    // Every column sorts ascending first, figures included: one rule for every header.
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      const field = next ? findPortfolioField(next.id) : undefined;
      onSortChange(next && field ? { id: field.id, desc: next.desc } : null);
      scrollRef.current?.scrollTo({ top: 0 });
    },
    getCoreRowModel: getCoreRowModel(),
    getRowId: (portfolio) => portfolio.id,
  });
  const { rows } = table.getRowModel();

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });

  return (
    <section
      ref={scrollRef}
      aria-label="Portfolio table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls, so it takes focus for arrow and page keys to move through the rows
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <table
        role="table"
        aria-label="Portfolios"
        aria-rowcount={rows.length + 1}
        aria-busy={props.isUpdating}
        className="grid text-sm"
        style={{ minWidth: table.getTotalSize() }}
      >
        <thead
          role="rowgroup"
          className="sticky top-0 z-20 grid border-b border-slate-300 bg-navy-50"
        >
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} role="row" aria-rowindex={1} className="flex w-full">
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody
          role="rowgroup"
          className={`relative grid ${props.isUpdating ? 'opacity-60' : ''}`}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                className="group absolute flex w-full border-b border-slate-200 bg-white hover:bg-navy-50"
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                {row.getVisibleCells().map((cell) => (
                  <BodyCell key={cell.id} cell={cell} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function cellLayout(columnId: string, size: number) {
  const isSticky = columnId === STICKY_COLUMN_ID;
  const isRight = findPortfolioField(columnId)?.align === 'right';
  return {
    style: { flex: `1 0 ${size}px`, width: size },
    className: `flex items-center px-3 ${isRight ? 'justify-end text-right tabular-nums' : ''} ${isSticky ? 'sticky left-0 border-r border-slate-200' : ''}`,
    isSticky,
  };
}

function HeaderCell({ header }: { header: Header<PortfolioListItem, unknown> }) {
  const { column } = header;
  const layout = cellLayout(column.id, header.getSize());
  const sorted = column.getIsSorted();
  const label = flexRender(column.columnDef.header, header.getContext());
  return (
    <th
      role="columnheader"
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      style={layout.style}
      className={`${layout.className} h-11 whitespace-nowrap font-semibold text-navy-900 ${layout.isSticky ? 'z-30 bg-navy-50' : ''}`}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="flex items-center gap-1.5 rounded px-1 py-0.5 hover:bg-navy-100"
        >
          {label}
          <SortIcon direction={sorted} />
        </button>
      ) : (
        <span className="px-1">{label}</span>
      )}
    </th>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 10 14"
      className={`h-3.5 w-2.5 shrink-0 ${direction ? 'text-navy-800' : 'text-slate-400'}`}
    >
      {direction !== 'desc' && <path d="M5 1 9 6H1z" fill="currentColor" />}
      {direction !== 'asc' && <path d="M5 13 1 8h8z" fill="currentColor" />}
    </svg>
  );
}

function BodyCell({ cell }: { cell: Cell<PortfolioListItem, unknown> }) {
  const layout = cellLayout(cell.column.id, cell.column.getSize());
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  const field = findPortfolioField(cell.column.id);
  // Long names are cut to the column; the whole text stays available on hover.
  const title = field && field.align === 'left' ? field.text(cell.row.original) : undefined;
  const className = `${layout.className} overflow-hidden`;
  if (layout.isSticky) {
    // The client name names the row, so screen readers announce it with every other cell.
    return (
      <th
        role="rowheader"
        scope="row"
        style={layout.style}
        title={title}
        className={`${className} z-10 bg-white text-left font-normal group-hover:bg-navy-50`}
      >
        <span className="truncate">{content}</span>
      </th>
    );
  }
  return (
    <td role="cell" style={layout.style} title={title} className={`${className} text-slate-900`}>
      <span className="truncate">{content}</span>
    </td>
  );
}
