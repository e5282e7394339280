import type { AssetLine } from '@ballast/contract';
import type { CsvColumn } from '../../../lib/csv.ts';
import { formatPercent, formatQuantity, formatUsd, formatYears } from '../../../lib/format.ts';

type Key = keyof AssetLine;

export type HoldingColumn = {
  key: Key;
  header: string;
  numeric: boolean;
  /** How the cell reads on screen; the CSV carries the raw value. */
  format(line: AssetLine): string;
};

const text = (key: Key) => (line: AssetLine) => String(line[key] ?? '');

/** "in_state_municipal_bonds" → "In state municipal bonds". */
function assetClassLabel(assetClass: string): string {
  const words = assetClass.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The asset line's fields, in the order the table and the CSV show them. */
export const HOLDING_COLUMNS: HoldingColumn[] = [
  { key: 'description', header: 'Description', numeric: false, format: text('description') },
  { key: 'cusip', header: 'CUSIP', numeric: false, format: (line) => line.cusip ?? '—' },
  {
    key: 'asset_class',
    header: 'Asset class',
    numeric: false,
    format: (line) => assetClassLabel(line.asset_class),
  },
  {
    key: 'quantity',
    header: 'Quantity',
    numeric: true,
    format: (line) => formatQuantity(line.quantity),
  },
  {
    key: 'last_price_usd',
    header: 'Last price',
    numeric: true,
    format: (line) => formatUsd(line.last_price_usd),
  },
  {
    key: 'current_value_usd',
    header: 'Market value',
    numeric: true,
    format: (line) => formatUsd(line.current_value_usd),
  },
  {
    key: 'cost_basis',
    header: 'Cost basis',
    numeric: true,
    format: (line) => formatUsd(line.cost_basis),
  },
  {
    key: 'total_gain_loss_usd',
    header: 'Gain/loss',
    numeric: true,
    format: (line) => formatUsd(line.total_gain_loss_usd),
  },
  {
    key: 'percent_account',
    header: '% of account',
    numeric: true,
    format: (line) => formatPercent(line.percent_account),
  },
  { key: 'ytw', header: 'YTW', numeric: true, format: (line) => formatPercent(line.ytw) },
  {
    key: 'duration',
    header: 'Duration',
    numeric: true,
    format: (line) => formatYears(line.duration),
  },
  {
    key: 'in_state_flag',
    header: 'In state',
    numeric: false,
    format: (line) => (line.in_state_flag === 'true' ? 'Yes' : 'No'),
  },
];

/** The CSV keeps full precision and plain numbers, so a spreadsheet can compute with them. */
export const HOLDING_CSV_COLUMNS: CsvColumn<AssetLine>[] = HOLDING_COLUMNS.map((column) => ({
  header: column.header,
  value: (line) => line[column.key],
}));

/** "holdings-jane-doe-2026-11-24.csv": who and which day, in a name any system accepts. */
export function holdingsFileName(clientName: string, reportDate: string): string {
  const slug = clientName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `holdings-${slug || 'portfolio'}-${reportDate}.csv`;
}
