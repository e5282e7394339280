import { usePageTitle } from '../../lib/page-title.ts';

export default function MonitorPage() {
  usePageTitle('Monitor');
  return (
    <section className="rounded-lg bg-white p-6 shadow">
      <h1 className="text-2xl font-bold text-navy-800">Monitor</h1>
      <p className="mt-2 text-slate-700">
        Monitoring every portfolio is not available in this version of Ballast yet.
      </p>
    </section>
  );
}
