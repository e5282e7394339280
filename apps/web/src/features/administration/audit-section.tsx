import type { AuditEvent } from '@ballast/contract';
import { useState } from 'react';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { downloadCsv, toCsv } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/session-context.tsx';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_KIND_LABELS,
  actorText,
  changeText,
  fieldChanges,
} from './audit-format.ts';
import { LoadFailure } from './load-failure.tsx';
import { type TableColumn, TableFrame } from './table-frame.tsx';
import { AUDIT_PAGE_SIZE, fetchWholeTrail, useAuditPage } from './use-audit-events.ts';
import { csvFileName } from './user-fields.ts';

const AUDIT_COLUMNS: TableColumn[] = [
  { label: 'When' },
  { label: 'Who' },
  { label: 'What' },
  { label: 'Subject' },
  { label: 'Change' },
];

function ChangeList({ event }: { event: AuditEvent }) {
  const changes = fieldChanges(event);
  if (changes.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="space-y-0.5">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{change.field}:</span> {changeText(change)}
        </li>
      ))}
    </ul>
  );
}

/** The firm's audit trail: every change made here, who made it, and what it was before. */
export function AuditSection({ firmId }: { firmId: string }) {
  const api = useApi();
  const [offset, setOffset] = useState(0);
  const trail = useAuditPage(firmId, offset);
  const [isExporting, setExporting] = useState(false);
  const page = trail.data;

  const exportAll = async () => {
    setExporting(true);
    try {
      const events = await fetchWholeTrail(api, firmId);
      downloadCsv(csvFileName('audit-trail', new Date()), toCsv(AUDIT_CSV_COLUMNS, events));
    } catch (error) {
      notify({ text: `The export failed. ${errorMessage(error)}`, theme: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-xl font-bold text-navy-800">
            Audit trail
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Every change to the firm’s users, profile and custodians, the newest first.
            {page && ` ${page.count} ${page.count === 1 ? 'entry' : 'entries'}.`}
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={isExporting || !page || page.count === 0}
          onClick={() => void exportAll()}
        >
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {trail.isPending && <LoadingBlock label="Loading the audit trail" rows={4} />}
      {trail.isError && (
        <LoadFailure
          what="The audit trail"
          error={trail.error}
          onRetry={() => void trail.refetch()}
        />
      )}
      {page && page.results.length === 0 && (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-700">
          Nothing has been changed yet.
        </p>
      )}
      {page && page.results.length > 0 && (
        <TableFrame caption="The firm's audit trail, newest first" columns={AUDIT_COLUMNS}>
          {page.results.map((event) => (
            <tr key={event.id} className="border-b border-slate-100 align-top last:border-b-0">
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </td>
              <td className="px-3 py-2">{actorText(event)}</td>
              <td className="px-3 py-2 font-semibold">{AUDIT_KIND_LABELS[event.kind]}</td>
              <td className="px-3 py-2 break-words">{event.subject}</td>
              {/* Wide enough to read on a narrow screen, where the table scrolls instead. */}
              <td className="min-w-56 px-3 py-2">
                <ChangeList event={event} />
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
      {page && (page.next || page.previous) && (
        <nav
          aria-label="Pages of the audit trail"
          className="flex items-center justify-between gap-3"
        >
          <Button
            variant="secondary"
            disabled={!page.previous}
            onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
          >
            Newer
          </Button>
          <p className="text-sm text-slate-700">
            {offset + 1}–{offset + page.results.length} of {page.count}
          </p>
          <Button
            variant="secondary"
            disabled={!page.next}
            onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
          >
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
