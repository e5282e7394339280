/**
 * The firm's requests as the operations queue reads them (decision 019): each action with the
 * client and advisor it concerns, the moves the caller may make on it and its transition log.
 */
import { z } from 'zod';
import { ActionStateSchema } from '../enums.ts';
import { IsoDateTimeSchema } from '../fields.ts';
import { ActionSchema } from './action.ts';

/** One row of the action's append-only log: who moved it from what to what, and when. */
export const ActionTransitionSchema = z.object({
  from_state: ActionStateSchema.nullable(),
  to_state: ActionStateSchema,
  at: IsoDateTimeSchema,
  actor_name: z.string(),
});
export type ActionTransition = z.infer<typeof ActionTransitionSchema>;

export const QueuedActionSchema = z.object({
  action: ActionSchema,
  client_name: z.string(),
  /** The portfolio's originating advisor, whom operations asks when it needs something. */
  advisor_name: z.string(),
  /**
   * The states the caller may move the action to, read from the api's transition table, so a
   * screen never offers a move the api would refuse. Empty for those who do not move actions.
   */
  moves: z.array(ActionStateSchema),
  /** Oldest first. */
  transitions: z.array(ActionTransitionSchema),
});
export type QueuedAction = z.infer<typeof QueuedActionSchema>;
