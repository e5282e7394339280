import { usePageTitle } from '../../lib/page-title.ts';

/** Product §2: the compare screen has the workspace layout and no page title. */
export default function ComparePage() {
  usePageTitle(undefined);
  return (
    <section aria-label="Compare strategies" className="rounded-lg bg-white p-6 shadow">
      <p className="text-slate-700">
        Comparing strategies by simulation is not available in this version of Ballast yet.
      </p>
    </section>
  );
}
