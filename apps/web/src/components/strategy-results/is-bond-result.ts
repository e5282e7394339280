import type { BondSimulationResult, SimulationResult } from '@ballast/contract';

/**
 * Whether a simulation's answer is a bond result (product §3 'Bond simulation result'): both
 * kinds carry `attributes`, only a bond result has an investable universe.
 */
export function isBondResult(
  result: BondSimulationResult | SimulationResult,
): result is BondSimulationResult {
  return 'investable_universe' in result;
}
