import { DailyBarsChart } from './daily-bars-chart.tsx';
import { useGainLossHistory } from './use-history-series.ts';

/** Gains realized and losses harvested per day (GET …/gain-loss/history). */
export function RealizedGainLossChart(props: { portfolioId: string; start: string | undefined }) {
  const history = useGainLossHistory(props.portfolioId, props.start);
  return (
    <DailyBarsChart
      title="Realized gains and losses"
      upName="Realized gain"
      downName="Realized loss"
      upTotalName="Realized gains"
      downTotalName="losses"
      query={{
        isPending: history.isPending,
        error: history.error,
        data: history.data?.map((point) => ({
          report_date: point.report_date,
          up: point.report_date_realized_gain,
          down: point.report_date_realized_loss,
        })),
      }}
    />
  );
}
