import { LoadingBlock } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCurrentAdvisor } from '../../../lib/use-current-advisor.ts';
import type { PlacedError } from '../open-errors.ts';
import { StepFrame, type StepNavigation } from '../step-frame.tsx';
import { useActiveAdvisors } from '../use-active-advisors.ts';

/**
 * The advisors on the account, from the firm's active advisors. The advisor who opened the
 * application is always one of them.
 */
export function AdvisorsStep(props: {
  value: string[];
  originatingAdvisorId: string | undefined;
  onChange(value: string[]): void;
  navigation: StepNavigation;
  errors?: readonly PlacedError[];
}) {
  const advisors = useActiveAdvisors();
  const self = useCurrentAdvisor();
  const originating = props.originatingAdvisorId ?? self.data?.advisor;
  const chosen = new Set(props.value);
  if (originating) chosen.add(originating);
  return (
    <StepFrame step="advisors" navigation={props.navigation} errors={props.errors}>
      {advisors.isPending && <LoadingBlock label="Loading the advisors" rows={3} />}
      {advisors.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(advisors.error)}
        </p>
      )}
      {advisors.data && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">
            Who advises this account?
          </legend>
          {advisors.data.map((advisor) => {
            const isOriginating = advisor.advisor === originating;
            return (
              <label
                key={advisor.advisor}
                className="flex items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-navy-700"
                  checked={chosen.has(advisor.advisor)}
                  disabled={isOriginating}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(advisor.advisor);
                    else next.delete(advisor.advisor);
                    props.onChange([...next]);
                  }}
                />
                <span className="font-medium text-slate-900">
                  {advisor.first_name} {advisor.last_name}
                </span>
                <span className="text-slate-600">
                  {advisor.role}
                  {isOriginating ? ' · opened this application' : ''}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
    </StepFrame>
  );
}
