import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../components/toast/notify.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextInput } from '../../../components/ui/field.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useCsvExport } from './use-csv-export.ts';

type FieldErrors = Record<string, string>;

/**
 * Shows a failed export: the api's validation errors go beside the fields they name (answered,
 * keyed by field), and a failure about no field of the form is a toast.
 */
function showExportError(error: unknown, what: string, fields: readonly string[]): FieldErrors {
  const items = error instanceof ApiError ? error.fieldErrors() : [];
  const shown = items.filter((item) => item.attr !== null && fields.includes(item.attr));
  if (shown.length === 0) {
    notify({
      text: `The ${what} could not be exported.`,
      theme: 'error',
      detail: errorMessage(error),
    });
  }
  return Object.fromEntries(shown.map((item) => [item.attr, item.detail]));
}

/**
 * The ledger as CSV files: the transactions between two days, and the lots realised in a tax
 * year. The defaults are the year of the latest report, up to its day.
 */
export function LedgerExports(props: { portfolioId: string; lastReportDate: string }) {
  const download = useCsvExport();
  const reportYear = props.lastReportDate.slice(0, 4);
  const [from, setFrom] = useState(`${reportYear}-01-01`);
  const [to, setTo] = useState(props.lastReportDate);
  const [year, setYear] = useState(reportYear);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'transactions' | 'tax-lots' | null>(null);
  const transactionsId = useId();
  const taxLotsId = useId();

  const run = async (
    kind: 'transactions' | 'tax-lots',
    fields: readonly string[],
    save: () => Promise<void>,
  ) => {
    setBusy(kind);
    setErrors({});
    try {
      await save();
    } catch (error) {
      setErrors(
        showExportError(error, kind === 'transactions' ? 'transactions' : 'tax lots', fields),
      );
    } finally {
      setBusy(null);
    }
  };

  const exportTransactions = (event: FormEvent) => {
    event.preventDefault();
    void run('transactions', ['from', 'to'], () =>
      download.transactions(props.portfolioId, from, to),
    );
  };
  const exportTaxLots = (event: FormEvent) => {
    event.preventDefault();
    void run('tax-lots', ['year'], () => download.taxLots(props.portfolioId, Number(year)));
  };

  return (
    <SectionCard title="Exports">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <form aria-labelledby={transactionsId} className="space-y-3" onSubmit={exportTransactions}>
          <h3 id={transactionsId} className="text-sm font-semibold text-slate-800">
            Transactions
          </h3>
          <div className="flex flex-wrap items-start gap-3">
            <DateField label="From" value={from} error={errors.from} onChange={setFrom} />
            <DateField label="To" value={to} error={errors.to} onChange={setTo} />
          </div>
          <Button type="submit" variant="secondary" disabled={busy === 'transactions'}>
            {busy === 'transactions' ? 'Exporting…' : 'Export transactions (CSV)'}
          </Button>
        </form>
        <form aria-labelledby={taxLotsId} className="space-y-3" onSubmit={exportTaxLots}>
          <h3 id={taxLotsId} className="text-sm font-semibold text-slate-800">
            Tax lots realised in a year
          </h3>
          <div className="w-32">
            <Field label="Tax year" error={errors.year}>
              {(control) => (
                <TextInput
                  {...control}
                  type="number"
                  inputMode="numeric"
                  value={year}
                  required
                  onChange={(event) => setYear(event.target.value)}
                />
              )}
            </Field>
          </div>
          <Button type="submit" variant="secondary" disabled={busy === 'tax-lots'}>
            {busy === 'tax-lots' ? 'Exporting…' : 'Export tax lots (CSV)'}
          </Button>
        </form>
      </div>
    </SectionCard>
  );
}

function DateField(props: {
  label: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="w-44">
      <Field label={props.label} error={props.error}>
        {(control) => (
          <TextInput
            {...control}
            type="date"
            value={props.value}
            required
            onChange={(event) => props.onChange(event.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
