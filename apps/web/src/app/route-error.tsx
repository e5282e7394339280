import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths.ts';
import { usePageTitle } from '../lib/page-title.ts';

/** Each route's error boundary: what went wrong, in words, and a way back. Never a stack. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? 'Page not found' : 'Error');
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg bg-white p-8 shadow">
      <h1 className="text-xl font-bold text-navy-800">
        {notFound ? 'This page does not exist.' : 'Something went wrong on this page.'}
      </h1>
      <p className="mt-2 text-slate-700">
        {notFound
          ? 'Check the address, or go back to your portfolios.'
          : 'Please reload the page. If it happens again, contact support.'}
      </p>
      <Link className="mt-4 inline-block font-semibold text-navy-700 underline" to={paths.home}>
        Back to portfolios
      </Link>
    </div>
  );
}
