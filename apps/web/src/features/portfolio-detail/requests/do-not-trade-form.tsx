import {
  type Action,
  SetUserDntPayloadSchema,
  setUserDnt,
  USER_DNT_VALUES,
  type UserDnt,
} from '@ballast/contract';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { answerField, RequestForm } from '../../../components/request-form.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useRequestForm } from './use-request-form.ts';

function schemaFor(isResponding: boolean) {
  return SetUserDntPayloadSchema.extend({ answer: answerField(isResponding) });
}

/**
 * Turns do-not-trade on or off (SET-USER-DNT), optionally naming the restriction; without one
 * the api records DNBS, the strictest (decision 009). Nothing is preselected, so the advisor
 * says which way on purpose.
 */
export function DoNotTradeForm(props: {
  portfolioId: string;
  current: UserDnt | null;
  respondTo?: Action & { action_type: 'SET-USER-DNT' };
  onDone(): void;
}) {
  const { respondTo } = props;
  const legendId = useId();
  const errorId = `${useId()}-error`;
  const { form, frame } = useRequestForm({
    schema: schemaFor(respondTo !== undefined),
    defaultValues: { ...(respondTo ? respondTo.action_payload : {}), answer: '' },
    respondTo,
    words: {
      success: 'Do-not-trade change requested',
      failure: 'The do-not-trade change was not requested.',
    },
    // A restriction only means something while trading is stopped.
    toPayload: ({ set_user_dnt, user_dnt }) =>
      set_user_dnt && user_dnt ? { set_user_dnt, user_dnt } : { set_user_dnt },
    portfolioId: props.portfolioId,
    route: setUserDnt,
    onDone: props.onDone,
  });
  const { errors } = form.formState;
  const isOn = form.watch('set_user_dnt') === true;
  return (
    <RequestForm {...frame} submitLabel={respondTo ? 'Send response' : 'Request change'}>
      <p className="text-sm text-slate-700">
        Currently: {props.current ? `do not trade (${props.current})` : 'trading allowed'}.
      </p>
      <Controller
        control={form.control}
        name="set_user_dnt"
        render={({ field }) => (
          <fieldset
            aria-labelledby={legendId}
            // Touched when focus leaves the group, not each radio: a blur that re-renders
            // between the press and the click on the other radio would swallow its change.
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) field.onBlur();
            }}
            aria-invalid={Boolean(errors.set_user_dnt)}
            {...(errors.set_user_dnt ? { 'aria-describedby': errorId } : {})}
            className="flex flex-col gap-2"
          >
            <legend id={legendId} className="text-sm font-medium text-slate-800">
              Do not trade
            </legend>
            {[
              { value: true, label: 'Turn do-not-trade on' },
              { value: false, label: 'Turn do-not-trade off' },
            ].map((option) => (
              <label key={option.label} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={field.name}
                  checked={field.value === option.value}
                  onChange={() => field.onChange(option.value)}
                  // Given the radio element itself, react-hook-form would read the value off
                  // the DOM radio group it thinks it owns; a focus handle keeps the value ours
                  // while still letting a failed submit focus the choice.
                  ref={
                    option.value
                      ? (element) => field.ref(element && { focus: () => element.focus() })
                      : undefined
                  }
                />
                {option.label}
              </label>
            ))}
            {errors.set_user_dnt && (
              <p id={errorId} className="text-sm text-red-700">
                {errors.set_user_dnt.message}
              </p>
            )}
          </fieldset>
        )}
      />
      {isOn && (
        <Field
          label="Restriction"
          error={errors.user_dnt?.message}
          hint="Left unspecified, the account is neither bought nor sold (DNBS)."
        >
          {(control) => (
            <select
              {...control}
              className={inputClass}
              {...form.register('user_dnt', {
                setValueAs: (value: unknown) => (value === '' ? undefined : value),
              })}
            >
              <option value="">Not specified</option>
              {USER_DNT_VALUES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </RequestForm>
  );
}
