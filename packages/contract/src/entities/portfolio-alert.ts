/**
 * Decision 020: what the monitor warns about on a portfolio, computed by the api from the
 * portfolio's latest holding report and its current strategy. Each alert carries the figure
 * that tripped it and the limit it crossed, so the screen can say why without recomputing.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from '../fields.ts';

export const PORTFOLIO_ALERT_KINDS = [
  'CASH_ABOVE_LIMIT',
  'DURATION_OUTSIDE_BAND',
  'BELOW_CREDIT_FLOOR',
  'HARVESTABLE_LOSS',
  'NOT_VALUED',
] as const;
export const PortfolioAlertKindSchema = z.enum(PORTFOLIO_ALERT_KINDS);
export type PortfolioAlertKind = z.infer<typeof PortfolioAlertKindSchema>;

// A rating (BELOW_CREDIT_FLOOR) is text; every other figure is a number.
const FigureSchema = z.union([z.number(), z.string()]);

export const PortfolioAlertSchema = z.object({
  portfolio_id: IdSchema,
  client_name: z.string(),
  /** The portfolio's originating advisor, as the operations queue names it (decision 019). */
  advisor_name: z.string(),
  kind: PortfolioAlertKindSchema,
  /** The day of the holding report the alert was read from. */
  report_date: IsoDateSchema,
  /** The measured value: a percentage, years, US dollars, business days or a rating. */
  figure: FigureSchema,
  /** The limit the figure crossed, in the figure's unit; a band is written "min-max". */
  limit: FigureSchema,
  /** One sentence naming the figure and the limit, for people and exports. */
  reason: z.string(),
  /** The asset line concerned, for an alert about one holding; null for the whole portfolio. */
  holding: z.string().nullable(),
});
export type PortfolioAlert = z.infer<typeof PortfolioAlertSchema>;

export const PortfolioAlertsResponseSchema = z.object({
  /** The day the api judged staleness against (UTC). */
  as_of: IsoDateSchema,
  alerts: z.array(PortfolioAlertSchema),
});
export type PortfolioAlertsResponse = z.infer<typeof PortfolioAlertsResponseSchema>;
