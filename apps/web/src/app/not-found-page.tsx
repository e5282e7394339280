import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { usePageTitle } from '../lib/page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto max-w-xl rounded-lg bg-white p-8 shadow">
      <h1 className="text-xl font-bold text-navy-800">This page does not exist.</h1>
      <Link className="mt-4 inline-block font-semibold text-navy-700 underline" to={paths.home}>
        Back to portfolios
      </Link>
    </div>
  );
}
