import type { ReportDocument } from '@ballast/contract';
import { useState } from 'react';
import { notify } from '../../../components/toast/notify.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { LoadingBlock } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { DOCUMENT_PAGE_SIZE, type DocumentKind, useDocuments } from './use-documents.ts';
import { type ReportKind, useDownloadReport } from './use-download-report.ts';

const KINDS: Record<ReportKind, { title: string; item: string; noun: string; list: DocumentKind }> =
  {
    statement: { title: 'Statements', item: 'Statement', noun: 'statement', list: 'statements' },
    'tax-report': {
      title: 'Tax reports',
      item: 'Tax report',
      noun: 'tax report',
      list: 'tax-reports',
    },
  };

/** One kind of generated report, newest first, a page at a time, each downloadable. */
export function ReportDocuments(props: { portfolioId: string; kind: ReportKind }) {
  const { title, item, noun, list } = KINDS[props.kind];
  const [offset, setOffset] = useState(0);
  const [downloading, setDownloading] = useState<string | null>(null);
  const documents = useDocuments(props.portfolioId, list, offset);
  const download = useDownloadReport();

  const save = async (document: ReportDocument) => {
    setDownloading(document.id);
    try {
      await download(
        props.portfolioId,
        props.kind,
        document.id,
        `${props.kind}-${document.report_date}.pdf`,
      );
    } catch (error) {
      notify({
        text: `The ${noun} could not be downloaded.`,
        theme: 'error',
        detail: errorMessage(error),
      });
    } finally {
      setDownloading(null);
    }
  };

  const page = documents.data;
  const shownTo = page ? Math.min(offset + page.results.length, page.count) : 0;
  return (
    <SectionCard title={title}>
      {documents.isPending && <LoadingBlock label={`Loading ${title.toLowerCase()}`} rows={3} />}
      {documents.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(documents.error)}
        </p>
      )}
      {page && page.count === 0 && (
        <p className="text-sm text-slate-600">No {title.toLowerCase()} yet.</p>
      )}
      {page && page.count > 0 && (
        <>
          <ul className="divide-y divide-slate-100" aria-label={title}>
            {page.results.map((document) => (
              <li key={document.id} className="flex items-center justify-between gap-3 py-1.5">
                <span className="text-sm">
                  {item} for {formatDate(document.report_date)}
                </span>
                <Button
                  variant="secondary"
                  className="px-3 py-1 text-xs whitespace-nowrap"
                  disabled={downloading === document.id}
                  // The name starts with the words on the button, which speech input users say.
                  aria-label={`${downloadLabel(downloading === document.id)}, ${noun} for ${formatDate(document.report_date)}`}
                  onClick={() => void save(document)}
                >
                  {downloadLabel(downloading === document.id)}
                </Button>
              </li>
            ))}
          </ul>
          <nav
            aria-label={`${title} pages`}
            className="mt-3 flex items-center justify-between gap-2 text-xs text-slate-600"
          >
            <span aria-live="polite">
              {offset + 1}–{shownTo} of {page.count}
            </span>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - DOCUMENT_PAGE_SIZE))}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                disabled={shownTo >= page.count}
                onClick={() => setOffset(offset + DOCUMENT_PAGE_SIZE)}
              >
                Next
              </Button>
            </span>
          </nav>
        </>
      )}
    </SectionCard>
  );
}

const downloadLabel = (downloading: boolean) => (downloading ? 'Downloading…' : 'Download PDF');
