import type { ReturnBridge } from '@ballast/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDate, formatPercent, formatUsd } from '../../../lib/format.ts';

type Line = { sign: '' | '+' | '−' | '='; label: string; amount: number };

/** The bridge as a sum: each line is added (+) or taken away (−), down to the closing value. */
export function bridgeLines(bridge: ReturnBridge): Line[] {
  return [
    {
      sign: '',
      label: `Opening value, close of ${formatDate(bridge.start_date)}`,
      amount: bridge.opening_value,
    },
    { sign: '+', label: 'Deposits', amount: bridge.deposits },
    { sign: '−', label: 'Withdrawals', amount: bridge.withdrawals },
    { sign: '+', label: 'Income (coupons, staking, interest)', amount: bridge.income },
    { sign: '+', label: 'Realised price change', amount: bridge.realized_price_change },
    { sign: '+', label: 'Unrealised price change', amount: bridge.unrealized_price_change },
    { sign: '−', label: 'Fees', amount: bridge.fees },
    {
      sign: '=',
      label: `Closing value, ${formatDate(bridge.end_date)}`,
      amount: bridge.closing_value,
    },
  ];
}

const SIGN_WORDS = { '': '', '+': 'plus', '−': 'minus', '=': 'equals' } as const;

/** One period's return opened into what made it, the lines adding up to the closing value. */
export function ReturnBridgeDialog(props: {
  bridge: ReturnBridge;
  periodLabel: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { bridge } = props;
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`${props.periodLabel}: how the value moved`}
      description={`From the close of ${formatDate(bridge.start_date)} to ${formatDate(bridge.end_date)}.`}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          Opening value, plus deposits, less withdrawals, plus income and price changes, less fees,
          equals the closing value
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Line</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {bridgeLines(bridge).map((line) => (
            <tr
              key={line.label}
              className={
                line.sign === '='
                  ? 'border-t-2 border-slate-800 font-semibold'
                  : 'border-b border-slate-100'
              }
            >
              <td className="w-6 py-1.5 text-center font-mono text-slate-600">
                <span aria-hidden="true">{line.sign}</span>
                <span className="sr-only">{SIGN_WORDS[line.sign]}</span>
              </td>
              <th
                scope="row"
                className={`py-1.5 pr-3 text-left ${line.sign === '=' ? 'font-semibold' : 'font-normal'}`}
              >
                {line.label}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatUsd(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-sm">
        <span className="font-semibold">Time-weighted return: </span>
        <span className="tabular-nums">{formatPercent(bridge.time_weighted_return_pct)}</span>
        {bridge.annualized && <span> a year (annualised)</span>}
      </p>
      <p className="mt-2 text-xs text-slate-600">{bridge.method}</p>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
