export { BondResults } from './bond-results.tsx';
export { type HeadlineFigure, headlineFigures, tokenHeadlineFigures } from './headline-figures.ts';
export { HoldingsTable } from './holdings-table.tsx';
export { TokenResults } from './token-results.tsx';
