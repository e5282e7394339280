import { useParams } from 'react-router';
import { ValuationProgressLine } from '../../components/valuation-progress-line.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DetailHeader } from './detail-header.tsx';
import { DetailError, DetailSkeleton } from './detail-states.tsx';
import { DetailSummary } from './detail-summary.tsx';
import { LedgerExports } from './documents/ledger-exports.tsx';
import { ReportDocuments } from './documents/report-documents.tsx';
import { HistorySection } from './history/history-section.tsx';
import { AssetDistributionChart } from './holdings/asset-distribution-chart.tsx';
import { HoldingSummary } from './holdings/holding-summary.tsx';
import { HoldingsTable } from './holdings/holdings-table.tsx';
import { ReturnsTable } from './holdings/returns-table.tsx';
import { ActionList } from './requests/action-list.tsx';
import { RequestButtons } from './requests/request-buttons.tsx';
import { usePortfolioDetail } from './use-portfolio-detail.ts';

/** /portfolio/:portfolioId: one client account, its performance, holdings, documents and requests. */
export default function PortfolioDetailPage() {
  const { portfolioId = '' } = useParams();
  const detail = usePortfolioDetail(portfolioId);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  usePageTitle(detail.data?.client_name ?? (notFound ? 'Portfolio not found' : 'Portfolio'));

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    return <DetailError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const portfolio = detail.data;
  const holding = portfolio.current_holding;
  return (
    <div className="space-y-4">
      <DetailHeader detail={portfolio} requests={<RequestButtons detail={portfolio} />} />
      <ValuationProgressLine />
      <DetailSummary detail={portfolio} />
      <ActionList detail={portfolio} />
      {holding ? (
        <>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <HoldingSummary holding={holding} />
            <AssetDistributionChart distribution={portfolio.asset_distribution} />
          </div>
          <HistorySection portfolioId={portfolio.id} lastReportDate={holding.report_date} />
          <ReturnsTable
            portfolioId={portfolio.id}
            holding={holding}
            benchmark={portfolio.benchmark_returns}
          />
          <HoldingsTable
            assets={holding.assets}
            clientName={portfolio.client_name}
            reportDate={holding.report_date}
          />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ReportDocuments portfolioId={portfolio.id} kind="statement" />
            <ReportDocuments portfolioId={portfolio.id} kind="tax-report" />
          </div>
          <LedgerExports portfolioId={portfolio.id} lastReportDate={holding.report_date} />
        </>
      ) : (
        <HoldingSummary holding={null} />
      )}
    </div>
  );
}
