import { ACTION_TYPES, type ActionType } from '@ballast/contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { ACTION_TYPE_LABELS } from '../../lib/action-words.ts';
import { AGE_CHOICES, type MonitorFilters, readMonitorFilters } from './monitor-filters.ts';
import { CATEGORY_LABELS, MONITOR_CATEGORIES } from './monitor-items.ts';

const ANY = '';
const selectClass = `${inputClass} h-10 min-w-44`;

/** The filters, each read back through the address's rules, and the export of what is shown. */
export function MonitorToolbar(props: {
  filters: MonitorFilters;
  advisors: readonly string[];
  onChange(filters: Partial<MonitorFilters>): void;
  shown: number | null;
  onExport(): void;
}) {
  const { filters, onChange } = props;
  const parsed = (key: string, value: string) =>
    readMonitorFilters(new URLSearchParams(value ? { [key]: value } : {}));
  const anyChosen = Object.values(filters).some((value) => value !== null);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <Field label="Advisor">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={filters.advisor ?? ANY}
            onChange={(event) => onChange({ advisor: event.target.value || null })}
          >
            <option value={ANY}>All advisors</option>
            {/* A name from the address stays choosable even when nothing of theirs is listed. */}
            {[...new Set([...props.advisors, ...(filters.advisor ? [filters.advisor] : [])])].map(
              (name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ),
            )}
          </select>
        )}
      </Field>
      <Field label="Status">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={filters.status ?? ANY}
            onChange={(event) => onChange({ status: parsed('status', event.target.value).status })}
          >
            <option value={ANY}>Everything</option>
            {MONITOR_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Request type">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={filters.type ?? ANY}
            onChange={(event) => onChange({ type: parsed('type', event.target.value).type })}
          >
            <option value={ANY}>Any type</option>
            {ACTION_TYPES.map((type: ActionType) => (
              <option key={type} value={type}>
                {ACTION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Request age">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={filters.age ?? ANY}
            onChange={(event) => onChange({ age: parsed('age', event.target.value).age })}
          >
            <option value={ANY}>Any age</option>
            {AGE_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? 'A day or more' : `${days} days or more`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="ml-auto flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-slate-700">
          {props.shown !== null && `${props.shown} ${props.shown === 1 ? 'item' : 'items'} shown`}
        </p>
        {anyChosen && (
          <Button
            variant="ghost"
            className="h-10"
            onClick={() => onChange({ advisor: null, status: null, type: null, age: null })}
          >
            Clear filters
          </Button>
        )}
        <Button
          variant="secondary"
          className="h-10"
          onClick={props.onExport}
          disabled={!props.shown}
        >
          Export CSV
        </Button>
      </div>
    </div>
  );
}
