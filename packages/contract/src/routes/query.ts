import { z } from 'zod';
import { IsoDateSchema, IsoDateTimeSchema } from '../fields.ts';
import { PageQuerySchema } from '../paged-list.ts';

/**
 * A list-valued query parameter (`?state=A&state=B`). A single value arrives as a string, so it
 * is wrapped into a one-item list before the items are checked.
 */
export function queryList<Item extends z.ZodType>(item: Item) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/** A time bound of the history calls: a calendar date or a full timestamp. */
const TimeBoundSchema = z.union([IsoDateSchema, IsoDateTimeSchema]);

/** Query of the paged history and report lists of product §7. */
export const HistoryQuerySchema = PageQuerySchema.extend({
  start_time: TimeBoundSchema.optional(),
  end_time: TimeBoundSchema.optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;
