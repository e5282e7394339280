import { useValuationProgress } from '../lib/use-valuation-progress.ts';
import { valuationProgressWords } from '../lib/valuation-progress-words.ts';

/**
 * A line above a screen's figures while the firm's history is being valued, so that a figure or
 * chart that stops short of today is read as unfinished, not as the account's (decision 035).
 * Nothing once the history is valued, or while the answer is not in.
 */
export function ValuationProgressLine() {
  const progress = useValuationProgress();
  const words = progress.data ? valuationProgressWords(progress.data) : null;
  if (!words) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-slate-900"
    >
      <p className="font-semibold text-navy-800">{words.status}</p>
      <p className="mt-0.5 text-slate-700">{words.detail}</p>
    </div>
  );
}
