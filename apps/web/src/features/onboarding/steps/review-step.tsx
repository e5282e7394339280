import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import type { OnboardingDraft } from '../onboarding-draft.ts';
import { stepTitle } from '../onboarding-steps.ts';
import type { PlacedError } from '../open-errors.ts';
import { type ReviewSection, reviewSections } from './review-rows.ts';

/** "Account type" reads "account type" after "Edit"; an initialism such as KYC keeps its case. */
function editName(title: string): string {
  return /^[A-Z][a-z]/.test(title) ? `${title.charAt(0).toLowerCase()}${title.slice(1)}` : title;
}

function Section(props: {
  portfolioId: string;
  section: ReviewSection;
  errors: readonly PlacedError[];
}) {
  const { section } = props;
  const rowAttrs = new Set(section.rows.map((row) => row.attr));
  // What the api said about the section but none of its rows (a section never saved, say).
  const general = props.errors.filter(
    (error) =>
      error.step === section.step &&
      !rowAttrs.has(error.attr) &&
      (error.attr === section.attr ||
        (section.attr !== 'client_data' && error.attr.startsWith(`${section.attr}.`)) ||
        (section.attr === 'client_data' &&
          (error.attr === 'client_data.owners' || error.attr.startsWith('client_data.owners.0.')))),
  );
  const headingId = `review-${section.attr}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-navy-800">
          {section.title}
        </h3>
        <Link
          to={`${paths.onboardingStep(props.portfolioId, section.step)}?from=review`}
          className="text-sm font-medium text-navy-700 underline"
        >
          Edit {editName(section.title)}
          <span className="sr-only"> ({stepTitle(section.step)} step)</span>
        </Link>
      </div>
      {general.map((error) => (
        <p key={`${error.attr}-${error.detail}`} className="mb-2 text-sm text-red-700">
          {error.detail}
        </p>
      ))}
      {section.rows.length === 0 ? (
        <p className="text-sm text-slate-700">None.</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {section.rows.map((row) => {
            const error = props.errors.find((entry) => entry.attr === row.attr);
            const errorId = `error-${row.attr}`;
            return (
              <div key={row.attr} className="flex flex-col" data-attr={row.attr}>
                <dt className="text-xs font-medium text-slate-600">{row.label}</dt>
                <dd
                  className="text-sm break-words text-slate-900"
                  aria-describedby={error ? errorId : undefined}
                >
                  {row.value}
                </dd>
                {error && (
                  <dd id={errorId} className="text-sm text-red-700">
                    {error.detail}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

/**
 * Every field of the application on one page, each section with a way back to its step (which
 * returns here), and each error of opening the account beside the field it names.
 */
export function ReviewStep(props: {
  portfolioId: string;
  draft: OnboardingDraft;
  advisorNames: ReadonlyMap<string, string>;
  errors: readonly PlacedError[];
  openError: string | null;
  isOpening: boolean;
  onOpen(): void;
  onBack(): void;
}) {
  const sections = reviewSections(props.draft, { advisors: props.advisorNames });
  const unplaced = props.errors.filter((error) => error.step === 'review');
  const count = props.errors.length;
  return (
    <div className="flex flex-col gap-4">
      <h2 id="step-review" className="text-xl font-semibold text-navy-800">
        Review
      </h2>
      {count > 0 && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm">
          <p className="font-semibold text-red-800">
            The account was not opened: {count === 1 ? 'one field needs' : `${count} fields need`}{' '}
            attention.
          </p>
          {unplaced.map((error) => (
            <p key={`${error.attr}-${error.detail}`} className="text-red-800">
              {error.detail}
            </p>
          ))}
        </div>
      )}
      {props.openError && (
        <p
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          The account was not opened: {props.openError}
        </p>
      )}
      {sections.map((section) => (
        <Section
          key={section.attr}
          portfolioId={props.portfolioId}
          section={section}
          errors={props.errors}
        />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={props.onBack}>
          Back
        </Button>
        <Button onClick={props.onOpen} disabled={props.isOpening}>
          {props.isOpening ? 'Opening…' : 'Open the account'}
        </Button>
      </div>
    </div>
  );
}
