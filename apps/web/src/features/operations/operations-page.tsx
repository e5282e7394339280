import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isOperator } from '../../lib/roles.ts';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';
import { type Chosen, MoveDialog } from './move-dialog.tsx';
import { QueuedRequest } from './queued-request.tsx';
import { QUEUE_PAGE_SIZE, useActionQueue } from './use-action-queue.ts';

function Queue() {
  const [offset, setOffset] = useState(0);
  const queue = useActionQueue(offset);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const page = queue.data;
  // Ages are read against the moment the page last arrived, so they agree with each other.
  const now = queue.dataUpdatedAt || Date.now();

  return (
    <div className="space-y-4">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800">
          Operations queue
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          Every open request of the firm, the oldest first.
          {page && ` ${page.count} open.`}
        </p>
      </div>
      {queue.isPending && <LoadingBlock label="Loading the queue" rows={4} />}
      {queue.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          <p>The queue could not be loaded. {errorMessage(queue.error)}</p>
          <Button variant="secondary" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {page && page.results.length === 0 && (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-700">
          No open requests: nothing is waiting for operations.
        </p>
      )}
      {page && page.results.length > 0 && (
        <ul aria-label="Open requests" className="space-y-3">
          {page.results.map((item) => (
            <QueuedRequest
              key={item.action.id}
              item={item}
              now={now}
              onChoose={(offer) => setChosen({ item, offer })}
            />
          ))}
        </ul>
      )}
      {page && (page.next || page.previous) && (
        <nav aria-label="Pages of the queue" className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            disabled={!page.previous}
            onClick={() => setOffset(Math.max(0, offset - QUEUE_PAGE_SIZE))}
          >
            Previous
          </Button>
          <p className="text-sm text-slate-700">
            {offset + 1}–{offset + page.results.length} of {page.count}
          </p>
          <Button
            variant="secondary"
            disabled={!page.next}
            onClick={() => setOffset(offset + QUEUE_PAGE_SIZE)}
          >
            Next
          </Button>
        </nav>
      )}
      <MoveDialog
        chosen={chosen}
        onClose={() => setChosen(null)}
        returnFocus={() => heading.current}
      />
    </div>
  );
}

/** /operations: the back-office queue, the same screen for operations and administrators. */
export default function OperationsPage() {
  usePageTitle('Operations');
  const advisor = useCurrentAdvisor({ refetchOnMount: false });
  if (advisor.isPending) return <LoadingBlock label="Loading" rows={2} />;
  if (!isOperator(advisor.data?.role)) {
    return (
      <section className="rounded-lg bg-white p-6 shadow">
        <h1 className="text-2xl font-bold text-navy-800">Operations queue</h1>
        <p className="mt-2 text-slate-700">
          The operations queue is for operations staff and administrators.
        </p>
      </section>
    );
  }
  return <Queue />;
}
