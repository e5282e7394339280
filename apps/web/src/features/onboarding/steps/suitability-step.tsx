import { type Suitability, type SuitabilityDraft, SuitabilitySchema } from '@ballast/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';
import { SUITABILITY_CHOICE_TITLES, SUITABILITY_LABELS } from '../suitability-labels.ts';
import { useStepForm } from '../use-step-form.ts';

/** A number box: empty is no value, anything else the number typed (the schema judges it). */
function toNumber(value: unknown): number | undefined {
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
}

const CHOICES = Object.keys(SUITABILITY_LABELS) as (keyof typeof SUITABILITY_LABELS)[];

/** The client's suitability, with product §5 'Suitability' choices and messages. */
export function SuitabilityStep(props: {
  value: SuitabilityDraft;
  onChange(value: SuitabilityDraft): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
}) {
  const { onChange, errors } = props;
  // The form's values start partial (DefaultValues), which is what a draft is.
  const form = useForm<Suitability>({
    resolver: zodResolver(SuitabilitySchema),
    defaultValues: props.value,
    mode: 'onTouched',
  });
  const professionalName = useId();

  useStepForm(form, errors, onChange);

  const { errors: fieldErrors } = form.formState;
  return (
    <StepFrame
      step="suitability"
      navigation={props.navigation}
      errors={errors}
      onSubmit={form.handleSubmit(() => props.navigation.next())}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Investment amount (US dollars)"
          error={fieldErrors.investment_amount?.message}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="decimal"
              {...form.register('investment_amount', { setValueAs: toNumber })}
            />
          )}
        </Field>
        <Field
          label="Share of the client's net worth (%)"
          error={fieldErrors.percent_net_worth?.message}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="decimal"
              {...form.register('percent_net_worth', { setValueAs: toNumber })}
            />
          )}
        </Field>
        {CHOICES.map((choice) => (
          <Field
            key={choice}
            label={SUITABILITY_CHOICE_TITLES[choice]}
            error={fieldErrors[choice]?.message}
          >
            {(control) => (
              <select
                {...control}
                className={inputClass}
                {...form.register(choice, { setValueAs: (value) => value || undefined })}
              >
                <option value="">Select…</option>
                {Object.entries(SUITABILITY_LABELS[choice]).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
        <Controller
          control={form.control}
          name="is_financial_professional"
          render={({ field, fieldState }) => (
            <fieldset
              className="flex flex-col gap-1"
              aria-invalid={Boolean(fieldState.error)}
              aria-describedby={fieldState.error ? `${professionalName}-error` : undefined}
            >
              <legend className="mb-1 text-sm font-medium text-slate-800">
                Is the client a financial professional?
              </legend>
              <div className="flex gap-4">
                {[
                  { value: true, label: 'Yes' },
                  { value: false, label: 'No' },
                ].map((option) => (
                  <label key={option.label} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={professionalName}
                      className="size-4 accent-navy-700"
                      checked={field.value === option.value}
                      onChange={() => field.onChange(option.value)}
                      onBlur={field.onBlur}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              {fieldState.error && (
                <p id={`${professionalName}-error`} className="text-sm text-red-700">
                  {fieldState.error.message}
                </p>
              )}
            </fieldset>
          )}
        />
      </div>
    </StepFrame>
  );
}
