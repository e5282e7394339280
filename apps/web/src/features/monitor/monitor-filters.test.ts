import { makeDepositAction, makeQueuedAction } from '@ballast/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  advisorNames,
  countByCategory,
  filterItems,
  type MonitorFilters,
  readMonitorFilters,
  writeMonitorFilters,
} from './monitor-filters.ts';
import { alertItems, portfolioItems, requestItems } from './monitor-items.ts';
import { makeAlert, makePortfolioItem } from './monitor-rows.fixture.ts';

const NONE: MonitorFilters = { advisor: null, status: null, type: null, age: null };
// Ten days after the deposit of 2026-11-20T10:00Z below.
const NOW = Date.parse('2026-11-30T12:00:00Z');

const items = [
  ...requestItems([
    makeQueuedAction(),
    makeQueuedAction({
      action: makeDepositAction({
        id: '00000000-0000-4000-8000-000000000009',
        state: 'NEEDS-ACTION-IN-CHANNEL',
        created_at: '2026-11-29T12:00:00.000Z',
        needs_action_payload: { instructions: 'Confirm the source of funds' },
      }),
      advisor_name: 'Katherine Johnson',
    }),
  ]),
  ...portfolioItems([makePortfolioItem()]),
  ...alertItems([makeAlert()]),
];

describe('the monitor filters in the address', () => {
  it('reads every filter back from the query it writes', () => {
    const filters: MonitorFilters = {
      advisor: 'Grace Hopper',
      status: 'needs-you',
      type: 'REQUEST-DEPOSIT',
      age: 7,
    };
    const query = writeMonitorFilters(filters);
    expect(query.toString()).toBe(
      'advisor=Grace+Hopper&status=needs-you&type=REQUEST-DEPOSIT&age=7',
    );
    expect(readMonitorFilters(new URLSearchParams(query.toString()))).toEqual(filters);
  });

  it('writes nothing for no filter', () => {
    expect(writeMonitorFilters(NONE).toString()).toBe('');
  });

  it('ignores values it does not know', () => {
    expect(
      readMonitorFilters(new URLSearchParams('status=everything&type=BUY&age=-3&advisor=')),
    ).toEqual(NONE);
    expect(readMonitorFilters(new URLSearchParams('age=1.5')).age).toBeNull();
    expect(readMonitorFilters(new URLSearchParams('age=3')).age).toBeNull();
    expect(readMonitorFilters(new URLSearchParams('age=30')).age).toBe(30);
  });
});

describe('filtering the monitor', () => {
  const keys = (filters: Partial<MonitorFilters>) =>
    filterItems(items, { ...NONE, ...filters }, NOW).map((item) => item.key);

  it('shows everything without a filter', () => {
    expect(keys({})).toHaveLength(4);
  });

  it('keeps one advisor across every category', () => {
    expect(keys({ advisor: 'Grace Hopper' })).toEqual([
      'action:00000000-0000-4000-8000-000000000001',
      'portfolio:00000000-0000-4000-8000-0000000000a1',
    ]);
  });

  it('keeps one category', () => {
    expect(keys({ status: 'needs-you' })).toEqual(['action:00000000-0000-4000-8000-000000000009']);
    expect(keys({ status: 'alerts' })).toEqual([
      'alert:00000000-0000-4000-8000-0000000000b1:CASH_ABOVE_LIMIT:0',
    ]);
  });

  it('keeps requests of a type, and leaves out what is not a request', () => {
    expect(keys({ type: 'REQUEST-DEPOSIT' })).toHaveLength(2);
    expect(keys({ type: 'REQUEST-WITHDRAWAL' })).toEqual([]);
  });

  it('keeps requests at least as old as the age chosen', () => {
    // The first deposit is 10 days old, the one needing action 1 day.
    expect(keys({ age: 7 })).toEqual(['action:00000000-0000-4000-8000-000000000001']);
    expect(keys({ age: 1 })).toHaveLength(2);
    expect(keys({ age: 30 })).toEqual([]);
  });

  it('counts each category under the other filters, whatever the status chosen', () => {
    expect(countByCategory(items, { ...NONE, status: 'failed' }, NOW)).toEqual({
      'needs-you': 1,
      'in-progress': 1,
      failed: 0,
      unfinished: 1,
      'do-not-trade': 0,
      alerts: 1,
    });
    expect(countByCategory(items, { ...NONE, advisor: 'Katherine Johnson' }, NOW)).toMatchObject({
      'needs-you': 1,
      'in-progress': 0,
      unfinished: 0,
      alerts: 1,
    });
  });

  it('offers each advisor once, sorted', () => {
    expect(advisorNames(items)).toEqual(['Grace Hopper', 'Katherine Johnson']);
  });
});
