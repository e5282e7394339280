import { DailyBarsChart } from './daily-bars-chart.tsx';
import { useDepositWithdrawHistory } from './use-history-series.ts';

/** Deposits and withdrawals per day (GET …/deposit-withdraw/history). */
export function CashFlowChart(props: { portfolioId: string; start: string | undefined }) {
  const history = useDepositWithdrawHistory(props.portfolioId, props.start);
  return (
    <DailyBarsChart
      title="Deposits and withdrawals"
      upName="Deposit"
      downName="Withdrawal"
      upTotalName="Deposits"
      downTotalName="withdrawals"
      query={{
        isPending: history.isPending,
        error: history.error,
        data: history.data?.map((point) => ({
          report_date: point.report_date,
          up: point.report_date_deposit_usd,
          down: point.report_date_withdraw_usd,
        })),
      }}
    />
  );
}
