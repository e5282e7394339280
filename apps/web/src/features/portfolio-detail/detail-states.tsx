import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';

/** The screen's shape in grey while the portfolio loads. */
export function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading portfolio</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-80" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-32" />
      <Skeleton className="h-72" />
    </div>
  );
}

/**
 * Why the portfolio cannot be shown. A 404 covers both a portfolio that does not exist and one
 * of another advisor or firm: the api does not say which, and neither does this.
 */
export function DetailError(props: { error: Error; onRetry(): void }) {
  const notFound = props.error instanceof ApiError && props.error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg bg-white p-8 shadow">
      <h1 className="text-xl font-bold text-navy-800">
        {notFound
          ? 'This portfolio does not exist or is not yours.'
          : 'The portfolio could not be loaded.'}
      </h1>
      <p className="mt-2 text-slate-700">
        {notFound
          ? 'Check the address, or pick the portfolio from your list.'
          : errorMessage(props.error)}
      </p>
      <div className="mt-4 flex items-center gap-4">
        <Link className="font-semibold text-navy-700 underline" to={paths.home}>
          Back to portfolios
        </Link>
        {!notFound && (
          <Button variant="secondary" onClick={props.onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
