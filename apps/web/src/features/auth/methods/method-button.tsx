import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../form-parts.tsx';
import { useSignInStep } from '../use-sign-in-step.ts';

/** A sign-in that needs nothing typed: one button, and the product §8 message if it fails. */
export function MethodButton(props: {
  label: string;
  pendingLabel: string;
  signIn(): Promise<unknown>;
  /** What follows success where the session's change alone does not move the page on. */
  onDone?(): void;
}) {
  const step = useSignInStep();
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={step.isPending}
        onClick={async () => {
          if (await step.run(props.signIn)) props.onDone?.();
        }}
      >
        {step.isPending ? props.pendingLabel : props.label}
      </Button>
      <FormError message={step.error} />
    </div>
  );
}
