/**
 * Work that only a known address needs (issuing its one-time secret, writing its message), run
 * after the caller has been answered: a send or reset call then takes as long for an address
 * without an account as for one with, so its timing does not tell them apart.
 */
export type AfterAnswer = {
  /**
   * Starts `work` once the caller has been answered and earlier work under the same key has
   * finished, so two quick sends to one address issue and cancel their codes in the order they
   * were asked for.
   */
  run(key: string, answered: () => Promise<void>, work: () => Promise<void>): void;
  /** Resolves when everything started so far has finished; the service waits for it on close. */
  settled(): Promise<void>;
};

export function createAfterAnswer(logError: (message: string) => void): AfterAnswer {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, answered, work) {
      const previous = tails.get(key) ?? Promise.resolve();
      const next = Promise.all([previous, answered()])
        .then(work)
        .catch((error: unknown) => {
          // The caller was answered already; the message names the failure, never the address.
          logError(
            `work after an answer failed: ${error instanceof Error ? error.message : 'unknown error'}`,
          );
        })
        .finally(() => {
          if (tails.get(key) === next) tails.delete(key);
        });
      tails.set(key, next);
    },
    async settled() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}
