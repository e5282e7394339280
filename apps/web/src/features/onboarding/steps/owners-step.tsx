import { type ClientDataInput, ClientDataInputSchema } from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  blankOwner,
  type ClientDataDraft,
} from '../../../components/client-data/client-data-values.ts';
import { OwnerFields } from '../../../components/client-data/owner-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';
import { useStepForm } from '../use-step-form.ts';
import { OwnerAgreements, OwnerDisclosures } from './owner-extras.tsx';

/**
 * The account's owners, every field of product §3's owner, checked by the contract's schema so
 * that each message is product §5's own. Each change is handed up as the advisor types.
 */
export function OwnersStep(props: {
  value: ClientDataDraft;
  onChange(value: ClientDataDraft): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
}) {
  const { onChange, errors } = props;
  const form = useForm<ClientDataDraft, unknown, ClientDataInput>({
    resolver: zodResolver(ClientDataInputSchema),
    defaultValues: props.value,
    mode: 'onTouched',
  });
  const owners = useFieldArray({ control: form.control, name: 'owners' });

  useStepForm(form, errors, onChange);

  const listError =
    form.formState.errors.owners?.root?.message ?? form.formState.errors.owners?.message;
  return (
    <StepFrame
      step="owners"
      navigation={props.navigation}
      errors={errors}
      intro="Every owner of the account. Tax ids and dates of birth are encrypted when saved."
      onSubmit={form.handleSubmit(() => props.navigation.next())}
    >
      {owners.fields.map((owner, index) => (
        <div key={owner.id} className="rounded-md bg-white">
          <OwnerFields form={form} index={index} onRemove={() => owners.remove(index)}>
            <OwnerDisclosures form={form} index={index} />
            <OwnerAgreements form={form} index={index} />
          </OwnerFields>
        </div>
      ))}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => owners.append(blankOwner())}
      >
        Add an owner
      </Button>
    </StepFrame>
  );
}
