/**
 * The steps of an account opening, in order, and where an application left unfinished resumes.
 */
export const ONBOARDING_STEPS = [
  { id: 'account-type', title: 'Account type' },
  { id: 'owners', title: 'Owners' },
  { id: 'suitability', title: 'Suitability' },
  { id: 'custodian', title: 'Custodian' },
  { id: 'documents', title: 'KYC documents' },
  { id: 'strategy', title: 'Strategy' },
  { id: 'advisors', title: 'Advisors' },
  { id: 'review', title: 'Review' },
] as const;

export type StepId = (typeof ONBOARDING_STEPS)[number]['id'];

export function isStepId(value: string | undefined): value is StepId {
  return ONBOARDING_STEPS.some((step) => step.id === value);
}

export function stepTitle(step: StepId): string {
  return ONBOARDING_STEPS.find((entry) => entry.id === step)?.title ?? step;
}

export function stepAfter(step: StepId): StepId | null {
  const index = ONBOARDING_STEPS.findIndex((entry) => entry.id === step);
  return ONBOARDING_STEPS[index + 1]?.id ?? null;
}

export function stepBefore(step: StepId): StepId | null {
  const index = ONBOARDING_STEPS.findIndex((entry) => entry.id === step);
  return index > 0 ? (ONBOARDING_STEPS[index - 1]?.id ?? null) : null;
}
