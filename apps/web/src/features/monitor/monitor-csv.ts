import { ACTION_TYPE_LABELS } from '../../lib/action-words.ts';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import { ageInDays, CATEGORY_LABELS, type MonitorItem } from './monitor-items.ts';

/** The export's columns: one row per item shown, in the order shown. */
export function monitorCsvColumns(now: number): CsvColumn<MonitorItem>[] {
  return [
    { header: 'Category', value: (item) => CATEGORY_LABELS[item.category] },
    { header: 'Client', value: (item) => item.clientName },
    { header: 'Advisor', value: (item) => item.advisorName },
    { header: 'Status', value: (item) => item.status },
    {
      header: 'Request type',
      value: (item) => (item.requestType ? ACTION_TYPE_LABELS[item.requestType] : ''),
    },
    { header: 'Age (days)', value: (item) => ageInDays(item, now) },
    { header: 'Figure', value: (item) => item.alert?.figure },
    { header: 'Limit', value: (item) => item.alert?.limit },
    { header: 'Detail', value: (item) => item.detail },
    { header: 'Portfolio ID', value: (item) => item.portfolioId },
  ];
}

export function monitorCsv(items: readonly MonitorItem[], now: number): string {
  return toCsv(monitorCsvColumns(now), items);
}
