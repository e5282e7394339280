import {
  ACCOUNT_TYPES,
  type Action,
  type ClientData,
  ClientDataInputSchema,
  updateClientDetail,
} from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { useApi } from '../auth/session-context.tsx';
import { blankOwner, clientDataDefaults, toClientDataPayload } from './client-detail-values.ts';
import { OwnerFields } from './owner-fields.tsx';
import { AnswerInput, answerField, RequestForm } from './request-form.tsx';
import { respondToAction } from './send-action.ts';
import { useActionSubmit } from './use-action-submit.ts';

function schemaFor(isResponding: boolean) {
  return ClientDataInputSchema.extend({ answer: answerField(isResponding) });
}
type ClientForm = z.input<ReturnType<typeof schemaFor>>;

/**
 * A change of the client's details (UPDATE-CLIENT-DETAIL): the account type and every owner,
 * prefilled with the current client data and checked by the §5 owner-form rules.
 */
export function ClientDetailForm(props: {
  portfolioId: string;
  current: ClientData | null;
  respondTo?: Action & { action_type: 'UPDATE-CLIENT-DETAIL' };
  onDone(): void;
}) {
  const api = useApi();
  const { respondTo } = props;
  const form = useForm<ClientForm, unknown, z.output<ReturnType<typeof schemaFor>>>({
    resolver: zodResolver(schemaFor(respondTo !== undefined)),
    defaultValues: {
      ...clientDataDefaults(respondTo ? respondTo.action_payload : props.current),
      answer: '',
    },
    mode: 'onTouched',
  });
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  const submit = useActionSubmit({
    form,
    successText: respondTo ? 'Response sent' : 'Client detail change requested',
    failureText: respondTo
      ? 'The response was not sent.'
      : 'The client detail change was not requested.',
    onDone: props.onDone,
    send: ({ answer, ...clientData }) => {
      const payload = toClientDataPayload(clientData);
      if (respondTo) return respondToAction(api, respondTo, payload, answer ?? '');
      return api.request(updateClientDetail, {
        params: { id: props.portfolioId },
        body: { action_payload: payload },
      });
    },
  });
  const { errors } = form.formState;
  const ownersError = errors.owners?.root?.message ?? errors.owners?.message;
  return (
    <RequestForm
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      onCancel={props.onDone}
      submitLabel={respondTo ? 'Send response' : 'Request change'}
      isPending={submit.isPending}
      rootError={errors.root?.server?.message}
    >
      {respondTo && (
        <AnswerInput
          instructions={respondTo.needs_action_payload?.instructions}
          error={errors.answer?.message}
          registration={form.register('answer')}
        />
      )}
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
