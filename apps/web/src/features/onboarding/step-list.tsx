import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ONBOARDING_STEPS, type StepId } from './onboarding-steps.ts';

/** The steps in order, the current one marked; each is a link once the application exists. */
export function StepList(props: { portfolioId: string | null; current: StepId }) {
  return (
    <nav aria-label="Account opening steps">
      <ol className="flex flex-wrap gap-1 text-sm">
        {ONBOARDING_STEPS.map((step, index) => {
          const isCurrent = step.id === props.current;
          const label = (
            <>
              <span aria-hidden="true" className="mr-1 font-semibold">
                {index + 1}.
              </span>
              {step.title}
            </>
          );
          const className = `inline-block rounded-md px-2.5 py-1 ${
            isCurrent
              ? 'bg-navy-700 font-semibold text-white'
              : 'border border-slate-300 bg-white text-slate-800'
          }`;
          return (
            <li key={step.id}>
              {props.portfolioId && !isCurrent ? (
                <Link
                  to={paths.onboardingStep(props.portfolioId, step.id)}
                  className={`${className} hover:bg-slate-100`}
                >
                  {label}
                </Link>
              ) : (
                <span className={className} aria-current={isCurrent ? 'step' : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
