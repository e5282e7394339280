import { ApiError } from '../../lib/api-error.ts';

/** How often a run is asked after: soon at first, since most finish within a second. */
const FIRST_DELAY_MS = 60;
const GROWTH = 1.5;
const LONGEST_DELAY_MS = 1_000;
/** Longer than any comparison takes on the bundled market, so only a stuck run ends here. */
const GIVE_UP_AFTER_MS = 180_000;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Reads a run until it has an answer: `read` gives null while the engine is still working, and
 * throws (a 409 with the engine's reason) when the run failed. The pause between reads grows
 * from 60 ms to a second, so a quick run is seen quickly and a slow one is not asked after
 * hundreds of times.
 */
export async function waitForRun<T>(
  read: () => Promise<T | null>,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<T> {
  const started = now();
  let delay = FIRST_DELAY_MS;
  for (;;) {
    const answer = await read();
    if (answer !== null) return answer;
    if (now() - started > GIVE_UP_AFTER_MS) {
      throw new Error('The engine has not answered in three minutes. Try again later.');
    }
    await pause(delay, signal);
    delay = Math.min(LONGEST_DELAY_MS, delay * GROWTH);
  }
}

const FAILED_RUN = /^The (simulation|comparison) \S+ failed: /;

/**
 * Why a run failed, as the engine put it. The api names the run by its hash before the reason
 * (`packages/api/src/simulations/simulation-store.ts`); an advisor needs the reason alone.
 */
export function runFailureReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const detail = error.errors[0]?.detail;
  return detail?.replace(FAILED_RUN, '');
}
