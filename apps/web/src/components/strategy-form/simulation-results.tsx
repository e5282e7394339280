import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { BondResults, isBondResult, TokenResults } from '../strategy-results/index.ts';

/** The shown run's results, bond or token by their shape; dimmed while they are not current. */
export function SimulationResults(props: {
  result: BondSimulationResult | SimulationResult;
  dimmed: boolean;
}) {
  const { result } = props;
  return isBondResult(result) ? (
    <BondResults result={result} dimmed={props.dimmed} />
  ) : (
    <TokenResults result={result} dimmed={props.dimmed} />
  );
}
