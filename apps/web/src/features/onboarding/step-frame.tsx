import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { type StepId, stepTitle } from './onboarding-steps.ts';
import type { PlacedError } from './open-errors.ts';

/** How a step moves on: forward (after its own checks), back, or back to the review. */
export type StepNavigation = {
  next(): Promise<void>;
  back: (() => void) | null;
  /** The step was opened from the review, so going on returns there. */
  returnsToReview: boolean;
};

/**
 * One step's page: its heading, what opening the account said about the step as a whole, its
 * fields, and the buttons that move on. Continuing submits the step's form, so a step with
 * rules is checked first.
 */
export function StepFrame(props: {
  step: StepId;
  intro?: ReactNode;
  navigation: StepNavigation;
  /** Errors of opening the account that name this step but none of its fields. */
  errors?: readonly PlacedError[];
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  continueLabel?: string;
  isBusy?: boolean;
  children: ReactNode;
}) {
  const { navigation } = props;
  const general = (props.errors ?? []).filter((error) => error.field === null);
  return (
    <form
      noValidate
      aria-labelledby={`step-${props.step}`}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        if (props.onSubmit) {
          props.onSubmit(event);
          return;
        }
        event.preventDefault();
        void navigation.next();
      }}
    >
      <h2 id={`step-${props.step}`} className="text-xl font-semibold text-navy-800">
        {stepTitle(props.step)}
      </h2>
      {props.intro && <div className="text-sm text-slate-700">{props.intro}</div>}
      {general.length > 0 && (
        <ul role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm">
          {general.map((error) => (
            <li key={`${error.attr}-${error.detail}`} className="text-red-800">
              {error.detail}
            </li>
          ))}
        </ul>
      )}
      {props.children}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
        {navigation.back ? (
          <Button variant="secondary" onClick={navigation.back}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={props.isBusy}>
          {props.continueLabel ?? (navigation.returnsToReview ? 'Back to review' : 'Continue')}
        </Button>
      </div>
    </form>
  );
}
