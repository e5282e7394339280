import { makeDepositAction, makeQueuedAction } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import { monitorCsv } from './monitor-csv.ts';
import { alertItems, portfolioItems, requestItems } from './monitor-items.ts';
import { makeAlert, makePortfolioItem } from './monitor-rows.fixture.ts';

const NOW = Date.parse('2026-11-30T12:00:00Z');

describe('the monitor CSV', () => {
  it('writes one row per item shown, with its category, age, figure and detail', () => {
    const failed = makeQueuedAction({
      action: makeDepositAction({
        state: 'FAILED',
        needs_action_payload: { instructions: 'The bank refused, twice' },
      }),
    });
    const text = monitorCsv(
      [
        ...requestItems([failed]),
        ...portfolioItems([makePortfolioItem({ user_dnt: 'DNBS', status: 'IN-GOOD-ORDER' })]),
        ...alertItems([makeAlert()]),
      ],
      NOW,
    );
    expect(text.split('\r\n')).toEqual([
      'Category,Client,Advisor,Status,Request type,Age (days),Figure,Limit,Detail,Portfolio ID',
      'Failed,Ada Lovelace,Grace Hopper,Failed,Deposit request,10,,,"The bank refused, twice",00000000-0000-4000-8000-000000000002',
      'Do-not-trade,Ada Lovelace,Grace Hopper,In good order,,,,,Do-not-trade: DNBS,00000000-0000-4000-8000-0000000000a1',
      'Alerts,Alan Turing,Katherine Johnson,Cash above limit,,,15,10,"Cash is 15% of the portfolio ($30,000.00), above the 10% limit.",00000000-0000-4000-8000-0000000000b1',
    ]);
  });

  it('writes only the header when nothing is shown', () => {
    expect(monitorCsv([], NOW)).toBe(
      'Category,Client,Advisor,Status,Request type,Age (days),Figure,Limit,Detail,Portfolio ID',
    );
  });
});
