import { usePageTitle } from '../../lib/page-title.ts';

/** Product §2: the build screen has the workspace layout and no page title. */
export default function BuildPage() {
  usePageTitle(undefined);
  return (
    <section aria-label="Build a strategy" className="rounded-lg bg-white p-6 shadow">
      <p className="text-slate-700">
        Building strategies by simulation is not available in this version of Ballast yet.
      </p>
    </section>
  );
}
