import type { ValuationProgress } from '@ballast/contract';
import { formatDate } from './format.ts';

/**
 * What a screen says while the firm's history is being valued (decision 035), or null once it
 * is valued through the day due.
 */
export function valuationProgressWords(
  progress: ValuationProgress,
): { status: string; detail: string } | null {
  if (!progress.is_behind || progress.valued_through === null) return null;
  return {
    status: `Valuing the history: through ${formatDate(progress.valued_through)} of ${formatDate(progress.due_date)}.`,
    detail: 'Figures and charts show the days valued so far and fill in as the valuation goes on.',
  };
}
