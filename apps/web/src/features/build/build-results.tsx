import type { BondSimulationResult, SimulationResult } from '@ballast/contract';
import { BondResults, TokenResults } from '../../components/strategy-results/index.ts';

function isBondResult(
  result: BondSimulationResult | SimulationResult,
): result is BondSimulationResult {
  return 'investable_universe' in result;
}

/** The shown run's results, bond or token by their shape; dimmed while they are not current. */
export function BuildResults(props: {
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
