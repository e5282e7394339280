/**
 * A strategy kept for an account not opened yet: the account opening's strategy step starts
 * from it. It is the whole StrategyInput (style, strategy, tax data) with the build's address,
 * in this browser's local storage, so it outlives a reload and the tab.
 */
import { type StrategyInput, StrategyInputSchema } from '@ballast/contract';
import { z } from 'zod';

export const NEW_ACCOUNT_STRATEGY_KEY = 'ballast.new-account-strategy';

const SavedSchema = z.object({
  strategy: StrategyInputSchema,
  /** The build's path and query, to open it again as it was. */
  address: z.string(),
  saved_at: z.string(),
});
export type NewAccountStrategy = z.infer<typeof SavedSchema>;

export function saveNewAccountStrategy(
  strategy: StrategyInput,
  address: string,
  now = new Date(),
): NewAccountStrategy {
  const saved = { strategy, address, saved_at: now.toISOString() };
  localStorage.setItem(NEW_ACCOUNT_STRATEGY_KEY, JSON.stringify(saved));
  return saved;
}

/** The kept strategy, or null when there is none or what is stored no longer reads as one. */
export function readNewAccountStrategy(): NewAccountStrategy | null {
  const stored = localStorage.getItem(NEW_ACCOUNT_STRATEGY_KEY);
  if (stored === null) return null;
  try {
    const parsed = SavedSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
