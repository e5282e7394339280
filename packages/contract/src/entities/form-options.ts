/**
 * Product §3 form options: how the build screen draws a style's strategy form, served per style.
 */
import { z } from 'zod';
import { SimulationResponseItemSchema } from './simulation.ts';

// Covers every control a form option can describe: a choice, a toggle, a number, a multi-select.
export const FormValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);
export type FormValue = z.infer<typeof FormValueSchema>;

export const FormOptionValueSchema = z.object({
  value: FormValueSchema,
  // Numeric bounds for range inputs; null for choices.
  limits: z.object({ min: z.number(), max: z.number() }).nullable(),
  icon: z.string().nullable(),
  summary: z.string(),
  description: z.string(),
  // Payload field -> value this choice imposes on other fields, e.g. a universe fixing a limit.
  constraints: z.record(z.string(), FormValueSchema).nullable(),
});
export type FormOptionValue = z.infer<typeof FormOptionValueSchema>;

export const FormOptionSchema = z.object({
  form_name: z.string(),
  form_summary: z.string(),
  form_description: z.string(),
  // The control to draw, such as "select", "multi_select", "range" or "toggle".
  value_type: z.string(),
  values: z.array(FormOptionValueSchema),
  // Dotted path of the strategy field the chosen value fills, e.g. "factors.duration.placement".
  payload_field_name: z.string(),
  default_value: FormValueSchema,
});
export type FormOption = z.infer<typeof FormOptionSchema>;

export const FormOptionsSchema = z.object({
  name: z.string(),
  options: z.array(FormOptionSchema),
  // Results of the default strategy, so the screen shows a chart before the first run.
  default_simulation_results: z.array(SimulationResponseItemSchema),
});
export type FormOptions = z.infer<typeof FormOptionsSchema>;
