import type { OnboardingDraft } from './onboarding-draft.ts';
import { isStepId, type StepId } from './onboarding-steps.ts';

/**
 * Where an application opened without a step resumes: the step this browser last showed, or
 * else the first step whose section is still empty.
 */
export function resumeStep(lastStep: string | undefined, draft: OnboardingDraft): StepId {
  if (isStepId(lastStep)) return lastStep;
  const firstOwner = draft.client_data.owners[0];
  if (!firstOwner?.first_name) return 'owners';
  if (Object.keys(draft.client_suitability_data).length === 0) return 'suitability';
  if (draft.custodians.length === 0) return 'custodian';
  if (draft.strategy === null) return 'strategy';
  return 'review';
}
