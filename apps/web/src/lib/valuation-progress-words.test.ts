import { describe, expect, it } from 'vitest';
import { valuationProgressWords } from './valuation-progress-words.ts';

describe('the words of the valuation progress (decision 035)', () => {
  it('says how far the history has come while it is behind, dates as the app writes them', () => {
    expect(
      valuationProgressWords({
        due_date: '2026-11-27',
        valued_through: '2024-03-28',
        is_behind: true,
      }),
    ).toEqual({
      status: 'Valuing the history: through Mar 28, 2024 of Nov 27, 2026.',
      detail:
        'Figures and charts show the days valued so far and fill in as the valuation goes on.',
    });
  });

  it('says nothing once the history is valued, or when the firm has no open account', () => {
    expect(
      valuationProgressWords({
        due_date: '2026-11-27',
        valued_through: '2026-11-27',
        is_behind: false,
      }),
    ).toBeNull();
    expect(
      valuationProgressWords({ due_date: '2026-11-27', valued_through: null, is_behind: false }),
    ).toBeNull();
  });
});
