import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-error.ts';

/** A section whose data did not arrive: why, and a way to ask again. */
export function LoadFailure(props: { what: string; error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
      <p>
        {props.what} could not be loaded. {errorMessage(props.error)}
      </p>
      <Button variant="secondary" onClick={props.onRetry}>
        Try again
      </Button>
    </div>
  );
}
