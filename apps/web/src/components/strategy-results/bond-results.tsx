import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { useMemo } from 'react';
import { BalanceSection, HarvestSection, PerformanceStatistics } from './backtest-sections.tsx';
import {
  ExposureSection,
  HeadlineSection,
  InvestableUniverseSection,
  RateSensitivitySection,
  TaxSection,
} from './bond-sections.tsx';
import { explainedFigures } from './contributions.ts';
import { HoldingsTable } from './holdings-table.tsx';
import { ResultsArea } from './results-area.tsx';

/**
 * Everything a bond simulation says about the portfolio it builds (product §3 'Bond simulation
 * result'), and, with its backtest, how that portfolio would have fared. The backtest is the
 * given one, else the one the result carries (decision 012).
 */
export function BondResults(props: {
  result: BondSimulationResult;
  backtest?: SimulationResult;
  dimmed?: boolean;
}) {
  const { result } = props;
  const backtest = props.backtest ?? result.backtest;
  const explained = useMemo(
    () => new Map(explainedFigures(result).map((figure) => [figure.key, figure])),
    [result],
  );
  return (
    <ResultsArea label="Bond strategy results" dimmed={props.dimmed}>
      <HeadlineSection result={result} explained={explained} />
      <RateSensitivitySection result={result} explained={explained} />
      <ExposureSection result={result} />
      <HoldingsTable result={result} backtest={backtest} />
      <InvestableUniverseSection result={result} />
      <TaxSection result={result} />
      {backtest && (
        <>
          <BalanceSection result={backtest} />
          <PerformanceStatistics result={backtest} />
          <HarvestSection result={backtest} />
        </>
      )}
    </ResultsArea>
  );
}
