import type { BondSimulationResult } from '@ballast/contract';
import type { RowColumn } from './row-table.tsx';

type AssetClass = keyof BondSimulationResult['investable_universe'];
type DurationBucket = keyof BondSimulationResult['duration_exposure'];

/** The reported asset classes in the order the results show them (SPEC 8.3). */
export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  munis_national: 'National munis',
  munis_in_state: 'In-state munis',
  corporates: 'Corporates',
  treasuries: 'Treasuries',
};

/** SPEC 8.5: each bucket holds durations over its lower bound up to its upper one. */
export const DURATION_BUCKET_LABELS: Record<DurationBucket, string> = {
  three_or_less: '3 years or less',
  three_to_seven: 'Over 3 to 7 years',
  seven_to_ten: 'Over 7 to 10 years',
  ten_or_more: 'Over 10 years',
};

/** The keys of a record in the order its label table lists them, with their labels. */
export function labelledShares<Key extends string>(
  labels: Record<Key, string>,
  shares: Record<Key, number>,
): { key: string; label: string; pct: number }[] {
  return (Object.keys(labels) as Key[]).map((key) => ({
    key,
    label: labels[key],
    pct: shares[key],
  }));
}

/** A free-form share table (sectors, token attributes), largest share first. */
export function sharesBySize(shares: Record<string, number>) {
  return Object.entries(shares)
    .map(([label, pct]) => ({ key: label, label, pct }))
    .sort((a, b) => b.pct - a.pct || a.label.localeCompare(b.label));
}

/** The first column of a table by calendar year. */
export const YEAR: RowColumn<{ year: number }> = { header: 'Year', cell: (row) => row.year };
