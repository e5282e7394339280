export { BondResults } from './bond-results.tsx';
export { type HeadlineFigure, headlineFigures, tokenHeadlineFigures } from './headline-figures.ts';
export { HoldingsTable } from './holdings-table.tsx';
export { isBondResult } from './is-bond-result.ts';
export { STALE_RESULTS_CLASS } from './results-area.tsx';
export { SeriesChart } from './series-chart.tsx';
export { TokenResults } from './token-results.tsx';
