import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActionStateSchema } from '../enums.ts';
import { validationErrorsOf } from '../testing/validation.ts';
import { HistoryQuerySchema, queryList } from './query.ts';

describe('queryList', () => {
  const StatesQuery = z.object({ state: queryList(ActionStateSchema).optional() });

  it('turns a single ?state= into a one-item list', () => {
    expect(StatesQuery.parse({ state: 'PENDING' })).toEqual({ state: ['PENDING'] });
  });

  it('keeps a repeated ?state= as the list it is, and an absent one absent', () => {
    expect(StatesQuery.parse({ state: ['PENDING', 'FAILED'] })).toEqual({
      state: ['PENDING', 'FAILED'],
    });
    expect(StatesQuery.parse({})).toEqual({});
  });

  it('reports an unknown state at its index', () => {
    expect(validationErrorsOf(StatesQuery, { state: ['PENDING', 'LOST'] })).toEqual([
      expect.objectContaining({ attr: 'state.1', code: 'invalid_choice' }),
    ]);
  });
});

describe('HistoryQuerySchema', () => {
  it('pages 50 at a time from the start when nothing is asked', () => {
    expect(HistoryQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
  });

  it('reads numbers and time bounds from query text', () => {
    expect(
      HistoryQuerySchema.parse({
        limit: '10',
        offset: '20',
        start_time: '2026-01-01',
        end_time: '2026-06-30T23:59:59Z',
      }),
    ).toEqual({
      limit: 10,
      offset: 20,
      start_time: '2026-01-01',
      end_time: '2026-06-30T23:59:59Z',
    });
  });

  it('refuses a page larger than 500 and a bound that is not a date', () => {
    const attrs = validationErrorsOf(HistoryQuerySchema, {
      limit: '501',
      start_time: 'last week',
    }).map((error) => [error.attr, error.code]);
    expect(attrs).toEqual([
      ['limit', 'max_value'],
      ['start_time', 'invalid'],
    ]);
  });
});
