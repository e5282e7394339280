import { useCallback, useState } from 'react';
import { signInErrorMessage } from './sign-in-error.ts';

/**
 * Runs one sign-in call at a time and keeps its outcome for the form: whether it is under way,
 * and the product §8 message of its failure. A success needs no handling here: the session changes
 * and the login page moves on by itself.
 */
export function useSignInStep() {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (call: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      await call();
      return true;
    } catch (caught) {
      setError(signInErrorMessage(caught));
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { isPending, error, setError, run };
}
