import { PORTFOLIO_STATUSES } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { canDeletePortfolio, isPortfolioStatus } from './portfolio-status.ts';

describe('portfolio status', () => {
  it('lets only an incomplete portfolio be deleted (product §4)', () => {
    expect(PORTFOLIO_STATUSES.filter((status) => canDeletePortfolio({ status }))).toEqual([
      'INCOMPLETE',
    ]);
  });

  it('recognises the five statuses and nothing else', () => {
    expect(PORTFOLIO_STATUSES.every(isPortfolioStatus)).toBe(true);
    expect(['', null, 'incomplete', 'OPEN'].some(isPortfolioStatus)).toBe(false);
  });
});
