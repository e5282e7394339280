import { useState } from 'react';
import { formatPercent } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { type ExplainedFigure, sumOfParts } from './contributions.ts';
import { RowTable } from './row-table.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * A figure's value as a button that opens what makes it up: each position's part, which add up
 * to the figure (SPEC 8.8). The button's name starts with the value it shows.
 */
export function ExplainButton(props: { figure: ExplainedFigure; className?: string }) {
  const [open, setOpen] = useState(false);
  const { figure } = props;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={`group inline-flex items-baseline gap-1 rounded text-left underline decoration-slate-400 decoration-dotted underline-offset-4 hover:text-navy-700 hover:decoration-navy-700 ${props.className ?? ''}`}
      >
        {figure.formatTotal(figure.total)}
        <span className="sr-only">: what makes up the {figure.label.toLowerCase()}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-3 w-3 shrink-0 self-center fill-slate-500 group-hover:fill-navy-700"
        >
          <path d="M2 3h12v2H2zM2 7h12v2H2zM2 11h8v2H2z" />
        </svg>
      </button>
      <ContributionDialog figure={figure} open={open} onOpenChange={setOpen} />
    </>
  );
}

function ContributionDialog(props: {
  figure: ExplainedFigure;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { figure } = props;
  const weights = sumOfParts({
    places: 4,
    parts: figure.parts.map((part) => ({ ...part, value: part.weight })),
  });
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`What makes up the ${figure.label.toLowerCase()}`}
      description={`${figure.howMade} The ${figure.parts.length} parts add up to ${figure.formatPart(figure.total)}.`}
      wide
    >
      <ScrollRegion
        label={`Parts of the ${figure.label.toLowerCase()}`}
        className="max-h-[55vh] overflow-auto rounded border border-slate-200"
      >
        <RowTable
          caption={`Each position's part of the ${figure.label.toLowerCase()}, largest first`}
          rowHeader={{
            header: 'CUSIP',
            cell: (part) => <span className="font-mono font-normal">{part.cusip}</span>,
          }}
          columns={[
            { header: 'Weight', cell: (part) => formatPercent(part.weight), numeric: true },
            {
              header: 'Part of the figure',
              cell: (part) => figure.formatPart(part.value),
              numeric: true,
            },
          ]}
          rows={figure.parts}
          rowKey={(part) => part.cusip}
          total={[formatPercent(weights), figure.formatPart(sumOfParts(figure))]}
          sticky
        />
      </ScrollRegion>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
