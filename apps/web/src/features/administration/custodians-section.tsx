import {
  type Custodian,
  type CustodianChange,
  CustodianChangeSchema,
  SETTINGS_SUBMITTING,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { FormProblem } from './form-problem.tsx';
import { LoadFailure } from './load-failure.tsx';
import { showServerErrors } from './server-errors.ts';
import { type TableColumn, TableFrame } from './table-frame.tsx';
import { useAllCustodians, useChangeCustodian } from './use-custodians.ts';

const CUSTODIAN_COLUMNS: TableColumn[] = [
  { label: 'Custodian' },
  { label: 'Product number' },
  { label: 'Description' },
  { label: 'Status' },
  { label: 'Actions', isHidden: true },
];

const CUSTODIAN_STATUS_LABELS: Record<Custodian['status'], string> = {
  A: 'Active',
  I: 'Inactive',
};

const FIELDS = ['product', 'description', 'status'] as const;

function CustodianForm(props: { firmId: string; custodian: Custodian; onClose(): void }) {
  const { custodian, onClose } = props;
  const change = useChangeCustodian(props.firmId);
  const form = useForm<CustodianChange>({
    resolver: zodResolver(CustodianChangeSchema),
    defaultValues: {
      product: custodian.product,
      description: custodian.description,
      status: custodian.status,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    change.mutateAsync({ id: custodian.id, change: values }).then(
      () => {
        notify({ text: `${custodian.name} is saved.`, theme: 'success' });
        onClose();
      },
      (error: unknown) => showServerErrors(form, error, FIELDS),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Product number" error={errors.product?.message}>
        {(control) => <input {...control} className={inputClass} {...form.register('product')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={inputClass}
            {...form.register('description')}
          />
        )}
      </Field>
      <Field
        label="Status"
        error={errors.status?.message}
        hint="An inactive custodian is not offered for new accounts or custodian changes. Accounts already there keep it."
      >
        {(control) => (
          <select {...control} className={inputClass} {...form.register('status')}>
            <option value="A">{CUSTODIAN_STATUS_LABELS.A}</option>
            <option value="I">{CUSTODIAN_STATUS_LABELS.I}</option>
          </select>
        )}
      </Field>
      <FormProblem message={errors.root?.server?.message} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? SETTINGS_SUBMITTING : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The firm's custodians: product numbers, descriptions and whether new accounts may use them. */
export function CustodiansSection({ firmId }: { firmId: string }) {
  const custodians = useAllCustodians();
  const [editing, setEditing] = useState<Custodian | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="custodians-heading" className="space-y-4">
      <div>
        <h2
          id="custodians-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-navy-800"
        >
          Custodians
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          An inactive custodian is not offered for new accounts. The Support window’s quick
          reference shows these product numbers and descriptions.
        </p>
      </div>
      {custodians.isPending && <LoadingBlock label="Loading the custodians" rows={2} />}
      {custodians.isError && (
        <LoadFailure
          what="The custodians"
          error={custodians.error}
          onRetry={() => void custodians.refetch()}
        />
      )}
      {custodians.data && (
        <TableFrame caption="The firm's custodians" columns={CUSTODIAN_COLUMNS}>
          {custodians.data.map((custodian) => (
            <tr key={custodian.id} className="border-b border-slate-100 align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                {custodian.name}
              </th>
              <td className="px-3 py-2">{custodian.product}</td>
              <td className="px-3 py-2">{custodian.description}</td>
              <td className="px-3 py-2">{CUSTODIAN_STATUS_LABELS[custodian.status]}</td>
              <td className="px-3 py-2 text-right">
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  aria-label={`Edit ${custodian.name}`}
                  onClick={() => setEditing(custodian)}
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
          <CustodianForm
            key={editing.id}
            firmId={firmId}
            custodian={editing}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </section>
  );
}
