import {
  ACCOUNT_TYPES,
  type Action,
  type ClientData,
  ClientDataInputSchema,
  updateClientDetail,
} from '@ballast/contract';
import { useFieldArray } from 'react-hook-form';
import {
  blankOwner,
  clientDataDefaults,
  toClientDataPayload,
} from '../../../components/client-data/client-data-values.ts';
import { OwnerFields } from '../../../components/client-data/owner-fields.tsx';
import { answerField, RequestForm } from '../../../components/request-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useRequestForm } from './use-request-form.ts';

function schemaFor(isResponding: boolean) {
  return ClientDataInputSchema.extend({ answer: answerField(isResponding) });
}

/**
 * A change of the client's details (UPDATE-CLIENT-DETAIL): the account type and every owner,
 * prefilled with the current client data and checked by the product §5 owner-form rules.
 */
export function ClientDetailForm(props: {
  portfolioId: string;
  current: ClientData | null;
  respondTo?: Action & { action_type: 'UPDATE-CLIENT-DETAIL' };
  onDone(): void;
}) {
  const { respondTo } = props;
  const { form, frame } = useRequestForm({
    schema: schemaFor(respondTo !== undefined),
    defaultValues: {
      ...clientDataDefaults(respondTo ? respondTo.action_payload : props.current),
      answer: '',
    },
    respondTo,
    words: {
      success: 'Client detail change requested',
      failure: 'The client detail change was not requested.',
    },
    toPayload: ({ answer: _answer, ...clientData }) => toClientDataPayload(clientData),
    portfolioId: props.portfolioId,
    route: updateClientDetail,
    onDone: props.onDone,
  });
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  const { errors } = form.formState;
  const ownersError = errors.owners?.root?.message ?? errors.owners?.message;
  return (
    <RequestForm {...frame} submitLabel={respondTo ? 'Send response' : 'Request change'}>
      <Field label="Account type" error={errors.account_type?.message}>
        {(control) => (
          <select {...control} className={`${inputClass} w-40`} {...form.register('account_type')}>
            {ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </Field>
      {owners.fields.map((owner, index) => (
        <OwnerFields
          key={owner.id}
          form={form}
          index={index}
          onRemove={() => owners.remove(index)}
        />
      ))}
      {ownersError && (
        <p role="alert" className="text-sm text-red-700">
          {ownersError}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => owners.append(blankOwner())}
      >
        Add an owner
      </Button>
    </RequestForm>
  );
}
