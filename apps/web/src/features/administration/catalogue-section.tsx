import {
  SETTINGS_SUBMITTING,
  type StrategyCatalogueEntry,
  type StrategyStatus,
  type StrategyStyle,
} from '@ballast/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  CatalogueEntryFields,
  type CatalogueTexts,
  catalogueEntryErrors,
} from '../../components/catalogue-entry-fields.tsx';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { formatDate } from '../../lib/format.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSaveCatalogueEntry, useStrategyCatalogue } from '../../lib/use-strategy-catalogue.ts';
import { FormProblem } from './form-problem.tsx';
import { LoadFailure } from './load-failure.tsx';
import { type TableColumn, TableFrame } from './table-frame.tsx';
import { useRefreshAfterChange } from './use-refresh-after-change.ts';

const COLUMNS: TableColumn[] = [
  { label: 'Strategy' },
  { label: 'Style' },
  { label: 'Product' },
  { label: 'Status' },
  { label: 'Changed' },
  { label: 'Actions', isHidden: true },
];

/** docs/architecture.md "Strategy styles". */
const STYLE_LABELS: Record<StrategyStyle, string> = {
  B: 'Bond',
  D: 'Token index',
  A: 'Active token',
  F: 'Token basket',
};

const STATUS_LABELS: Record<StrategyStatus, string> = { A: 'Active', I: 'Inactive' };

type Texts = CatalogueTexts & Pick<StrategyCatalogueEntry, 'status'>;

function EntryForm(props: { firmId: string; entry: StrategyCatalogueEntry; onClose(): void }) {
  const { entry, onClose } = props;
  const save = useSaveCatalogueEntry();
  const refresh = useRefreshAfterChange(props.firmId);
  const [texts, setTexts] = useState<Texts>({
    name: entry.name,
    product: entry.product,
    description: entry.description,
    status: entry.status,
  });
  const [isDefault, setIsDefault] = useState(entry.is_default);
  const errors = catalogueEntryErrors(save.error);
  const set = <K extends keyof Texts>(key: K, value: Texts[K]) => {
    save.reset();
    setTexts((current) => ({ ...current, [key]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { id: entry.id, entry: { ...texts, strategy: entry.strategy, is_default: isDefault } },
      {
        onSuccess: (saved) => {
          void refresh([queryKeys.strategyCatalogue]);
          notify({ text: `${saved.name} is saved.`, theme: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label="Status"
        error={errors.at('status')}
        hint="An inactive strategy is no longer offered for new accounts; accounts on it keep it."
      >
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={texts.status}
            onChange={(event) => set('status', event.target.value as StrategyStatus)}
          >
            <option value="A">{STATUS_LABELS.A}</option>
            <option value="I">{STATUS_LABELS.I}</option>
          </select>
        )}
      </Field>
      <CatalogueEntryFields
        texts={texts}
        isDefault={isDefault}
        defaultLabel={`New ${STYLE_LABELS[entry.strategy_style].toLowerCase()} accounts start from it (the style’s default)`}
        errorAt={errors.at}
        onTextChange={set}
        onDefaultChange={(checked) => {
          save.reset();
          setIsDefault(checked);
        }}
      />
      <FormProblem message={errors.general} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? SETTINGS_SUBMITTING : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The firm's strategy catalogue (decision 022): what advisors may start a new account from, one
 * default per style. Strategies are built and added in Build; here they are named, described,
 * retired and made the default. The CIO and administrators keep it.
 */
export function CatalogueSection({ firmId }: { firmId: string }) {
  const catalogue = useStrategyCatalogue();
  const [editing, setEditing] = useState<StrategyCatalogueEntry | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="catalogue-heading" className="space-y-4">
      <div>
        <h2
          id="catalogue-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-navy-800"
        >
          Strategy catalogue
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The strategies advisors start new accounts from. Build one in{' '}
          <Link className="font-semibold text-navy-700 underline" to={paths.build}>
            Build
          </Link>{' '}
          and choose “Add to the catalogue”; here you name, retire and choose each style’s default.
        </p>
      </div>
      {catalogue.isPending && <LoadingBlock label="Loading the catalogue" rows={2} />}
      {catalogue.isError && (
        <LoadFailure
          what="The catalogue"
          error={catalogue.error}
          onRetry={() => void catalogue.refetch()}
        />
      )}
      {catalogue.data?.length === 0 && (
        <p className="rounded-md bg-white p-4 text-sm text-slate-700 shadow-sm">
          The catalogue is empty: new accounts start from each style’s own default until a strategy
          is added from Build.
        </p>
      )}
      {catalogue.data && catalogue.data.length > 0 && (
        <TableFrame caption="The firm's strategy catalogue" columns={COLUMNS}>
          {catalogue.data.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-100 align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                {entry.name}
                {entry.is_default && (
                  <span className="ml-2 rounded bg-navy-50 px-1.5 py-0.5 text-xs font-semibold text-navy-800">
                    Default
                  </span>
                )}
                {entry.description && (
                  <p className="font-normal text-slate-600">{entry.description}</p>
                )}
              </th>
              <td className="px-3 py-2">{STYLE_LABELS[entry.strategy_style]}</td>
              <td className="px-3 py-2">{entry.product}</td>
              <td className="px-3 py-2">{STATUS_LABELS[entry.status]}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(entry.updated_at)}</td>
              <td className="px-3 py-2 text-right">
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  aria-label={`Edit ${entry.name}`}
                  onClick={() => setEditing(entry)}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
        returnFocus={() => heading.current}
        title={editing ? `Edit ${editing.name}` : ''}
      >
        {editing && (
          <EntryForm
            key={editing.id}
            firmId={firmId}
            entry={editing}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </section>
  );
}
