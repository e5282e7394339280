import type { MonitorFilters } from './monitor-filters.ts';
import { CATEGORY_LABELS, MONITOR_CATEGORIES, type MonitorCategory } from './monitor-items.ts';

/**
 * How many items each category holds under the other filters; pressing one shows it alone,
 * pressing it again shows everything.
 */
export function CategoryCounts(props: {
  counts: Record<MonitorCategory, number>;
  status: MonitorFilters['status'];
  onChoose(status: MonitorCategory | null): void;
}) {
  return (
    <ul aria-label="Counts per category" className="flex flex-wrap gap-2">
      {MONITOR_CATEGORIES.map((category) => {
        const pressed = props.status === category;
        return (
          <li key={category}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => props.onChoose(pressed ? null : category)}
              className={`flex items-baseline gap-2 rounded-md border px-3 py-2 text-sm ${
                pressed
                  ? 'border-navy-700 bg-navy-700 text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100'
              }`}
            >
              <span className="text-lg font-bold tabular-nums">{props.counts[category]}</span>
              <span>{CATEGORY_LABELS[category]}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
