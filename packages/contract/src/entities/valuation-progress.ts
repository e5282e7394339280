/**
 * Where the daily valuation of a firm's history stands (decision 035): a firm whose accounts
 * open in the past, as the demo's do on a first start, is valued day by day after the server
 * answers, and its screens say how far that has come.
 */
import { z } from 'zod';
import { IsoDateSchema } from '../fields.ts';

export const ValuationProgressSchema = z.object({
  /** The last business day whose valuation time has passed: every open account is owed it. */
  due_date: IsoDateSchema,
  /**
   * The last day through which every open account of the firm is valued (an account counts as
   * valued for the days before it opened); null when the firm has no open account.
   */
  valued_through: IsoDateSchema.nullable(),
  /** Some open account is not yet valued through the due day. */
  is_behind: z.boolean(),
});
export type ValuationProgress = z.infer<typeof ValuationProgressSchema>;
