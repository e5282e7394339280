import {
  BondResults,
  isBondResult,
  TokenResults,
} from '../../components/strategy-results/index.ts';
import type { AnyResult } from './strategy-change-impact.ts';

/** The shown run's results, bond or token by their shape; dimmed while they are not current. */
export function BuildResults(props: { result: AnyResult; dimmed: boolean }) {
  const { result } = props;
  return isBondResult(result) ? (
    <BondResults result={result} dimmed={props.dimmed} />
  ) : (
    <TokenResults result={result} dimmed={props.dimmed} />
  );
}
