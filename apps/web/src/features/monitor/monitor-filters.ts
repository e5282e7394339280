/**
 * What the monitor shows, kept in the address (`?advisor=Jane%20Doe&status=failed&type=…&age=7`)
 * so that a reload or a shared link shows the same selection.
 */
import { ACTION_TYPES, type ActionType } from '@ballast/contract';
import {
  ageInDays,
  MONITOR_CATEGORIES,
  type MonitorCategory,
  type MonitorItem,
} from './monitor-items.ts';

export type MonitorFilters = {
  advisor: string | null;
  status: MonitorCategory | null;
  type: ActionType | null;
  /** Requests at least this many days old. */
  age: number | null;
};

/** The choices of the age filter, in days. */
export const AGE_CHOICES = [1, 7, 30] as const;

const isCategory = (value: string | null): value is MonitorCategory =>
  (MONITOR_CATEGORIES as readonly (string | null)[]).includes(value);

const isActionType = (value: string | null): value is ActionType =>
  (ACTION_TYPES as readonly (string | null)[]).includes(value);

/** Reads the choices from the address; anything it does not recognise counts as not chosen. */
export function readMonitorFilters(params: URLSearchParams): MonitorFilters {
  const status = params.get('status');
  const type = params.get('type');
  const age = Number(params.get('age'));
  return {
    advisor: params.get('advisor') || null,
    status: isCategory(status) ? status : null,
    type: isActionType(type) ? type : null,
    // Only the ages the filter offers, so the control can always show what the address says.
    age: (AGE_CHOICES as readonly number[]).includes(age) ? age : null,
  };
}

/** The address's query for `filters`, leaving out whatever is not chosen. */
export function writeMonitorFilters(filters: MonitorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.advisor) params.set('advisor', filters.advisor);
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.age) params.set('age', String(filters.age));
  return params;
}

/**
 * Whether an item passes every filter but the status. A type or an age is a request's, so
 * while either is chosen, portfolios and alerts (which have neither) are left out.
 */
function passesOthers(item: MonitorItem, filters: MonitorFilters, now: number): boolean {
  if (filters.advisor && item.advisorName !== filters.advisor) return false;
  if (filters.type && item.requestType !== filters.type) return false;
  if (filters.age) {
    const age = ageInDays(item, now);
    if (age === null || age < filters.age) return false;
  }
  return true;
}

export function filterItems(
  items: readonly MonitorItem[],
  filters: MonitorFilters,
  now: number,
): MonitorItem[] {
  return items.filter(
    (item) =>
      passesOthers(item, filters, now) && (!filters.status || item.category === filters.status),
  );
}

/**
 * Items per category under every filter but the status, so the counts say what choosing a
 * status would show.
 */
export function countByCategory(
  items: readonly MonitorItem[],
  filters: MonitorFilters,
  now: number,
): Record<MonitorCategory, number> {
  const counts = Object.fromEntries(MONITOR_CATEGORIES.map((category) => [category, 0])) as Record<
    MonitorCategory,
    number
  >;
  for (const item of items) {
    if (passesOthers(item, filters, now)) counts[item.category] += 1;
  }
  return counts;
}

/** Every advisor named by an item, sorted, for the advisor filter's choices. */
export function advisorNames(items: readonly MonitorItem[]): string[] {
  return [...new Set(items.map((item) => item.advisorName).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
}
