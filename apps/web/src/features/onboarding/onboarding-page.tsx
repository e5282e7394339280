import { getPortfolio } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { clientDataDefaults } from '../../components/client-data/client-data-values.ts';
import { notify } from '../../components/toast/notify.tsx';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { readNewAccountStrategy } from '../../lib/new-account-strategy.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import {
  draftFromInputs,
  forgetLocalDraft,
  type OnboardingDraft,
  readLocalDraft,
  withAccountType,
  writeLocalDraft,
} from './onboarding-draft.ts';
import { isStepId, type StepId, stepAfter, stepBefore } from './onboarding-steps.ts';
import { errorsOfStep, type PlacedError, placeOpenError } from './open-errors.ts';
import { resumeStep } from './resume-step.ts';
import { SaveStatus } from './save-status.tsx';
import type { StepNavigation } from './step-frame.tsx';
import { StepList } from './step-list.tsx';
import { AccountTypeStep } from './steps/account-type-step.tsx';
import { AdvisorsStep } from './steps/advisors-step.tsx';
import { CustodianStep } from './steps/custodian-step.tsx';
import { DocumentsStep } from './steps/documents-step.tsx';
import { OwnersStep } from './steps/owners-step.tsx';
import { ReviewStep } from './steps/review-step.tsx';
import { StrategyStep } from './steps/strategy-step.tsx';
import { SuitabilityStep } from './steps/suitability-step.tsx';
import { useActiveAdvisors } from './use-active-advisors.ts';
import { useApplicationDraft, useSavedInputs } from './use-application-draft.ts';
import { useOpenAccount } from './use-open-account.ts';
import { useStartApplication } from './use-start-application.ts';

/** Build's "open an account" link asks for the strategy it saved to come along. */
export const FROM_BUILD_PARAM = 'strategy';

/**
 * The first step, before the application exists: choosing the account type creates the
 * INCOMPLETE portfolio (POST /portfolios), and the rest happens at its own address.
 */
function NewApplication() {
  const [accountType, setAccountType] = useState('');
  const [search] = useSearchParams();
  const start = useStartApplication();
  const navigate = useNavigate();
  const navigation: StepNavigation = {
    back: null,
    returnsToReview: false,
    next: async () => {
      const application = await start.mutateAsync().catch(() => null);
      if (!application) return;
      const saved = search.get(FROM_BUILD_PARAM) === 'build' ? readNewAccountStrategy() : null;
      const id = application.portfolio_id;
      writeLocalDraft(id, {
        step: 'owners',
        sections: {
          client_data: withAccountType(clientDataDefaults(null), accountType),
          ...(saved ? { strategy: saved.strategy } : {}),
        },
      });
      navigate(paths.onboardingStep(id, 'owners'));
    },
  };
  return (
    <>
      <StepList portfolioId={null} current="account-type" />
      <AccountTypeStep
        value={accountType}
        onChange={setAccountType}
        navigation={navigation}
        isBusy={start.isPending}
      />
      {start.isError && (
        <p role="alert" className="text-sm text-red-700">
          The application was not started: {errorMessage(start.error)}
        </p>
      )}
    </>
  );
}

function ApplicationSteps(props: {
  portfolioId: string;
  step: string | undefined;
  initial: OnboardingDraft;
}) {
  const { portfolioId } = props;
  const { draft, change, flush, saveState } = useApplicationDraft(portfolioId, props.initial);
  const [openErrors, setOpenErrors] = useState<PlacedError[]>([]);
  const [openError, setOpenError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const open = useOpenAccount(portfolioId);
  const advisors = useActiveAdvisors();
  const advisorNames = useMemo(
    () =>
      new Map(
        (advisors.data ?? []).map((advisor) => [
          advisor.advisor,
          `${advisor.first_name} ${advisor.last_name}`,
        ]),
      ),
    [advisors.data],
  );
  const returnsToReview = search.get('from') === 'review';

  const goTo = useCallback(
    (step: StepId) => navigate(paths.onboardingStep(portfolioId, step)),
    [navigate, portfolioId],
  );

  // The step shown is where the application resumes when it is opened without one.
  useEffect(() => {
    if (!isStepId(props.step)) return;
    writeLocalDraft(portfolioId, { ...readLocalDraft(portfolioId), step: props.step });
  }, [portfolioId, props.step]);

  // Each section's change, stable so the steps' form subscriptions are made once; a change
  // clears what opening the account said about that step.
  const onChange = useMemo(() => {
    const clear = (step: StepId) =>
      setOpenErrors((current) =>
        current.some((error) => error.step === step)
          ? current.filter((error) => error.step !== step)
          : current,
      );
    return {
      clear,
      clientData: (value: OnboardingDraft['client_data']) => {
        clear('owners');
        change('client_data', value);
      },
      suitability: (value: OnboardingDraft['client_suitability_data']) => {
        clear('suitability');
        change('client_suitability_data', value);
      },
      custodians: (value: OnboardingDraft['custodians']) => {
        clear('custodian');
        change('custodians', value);
      },
      documents: (value: OnboardingDraft['kyc_input_data']) => {
        clear('documents');
        change('kyc_input_data', value);
      },
      strategy: (value: OnboardingDraft['strategy']) => {
        clear('strategy');
        change('strategy', value);
      },
      advisors: (value: OnboardingDraft['advisor_input_data']) => {
        clear('advisors');
        change('advisor_input_data', value);
      },
    };
  }, [change]);

  if (!isStepId(props.step)) {
    const step = resumeStep(readLocalDraft(portfolioId).step, draft);
    return <Navigate replace to={paths.onboardingStep(portfolioId, step)} />;
  }
  const step = props.step;
  const navigation: StepNavigation = {
    returnsToReview,
    back: stepBefore(step) ? () => goTo(stepBefore(step) ?? step) : null,
    next: async () => {
      await flush();
      goTo(returnsToReview ? 'review' : (stepAfter(step) ?? 'review'));
    },
  };
  const errors = errorsOfStep(openErrors, step);
  const ownerNames = draft.client_data.owners
    .map((owner) => `${owner.first_name ?? ''} ${owner.last_name ?? ''}`.trim())
    .filter((name) => name !== '');

  const openAccount = async () => {
    setOpenError(null);
    // The api opens what it has saved; a section kept only in this browser would be left out.
    if (!(await flush())) {
      setOpenError(
        'not every change is saved yet (the line above the steps says which). Complete it and try again.',
      );
      return;
    }
    open.mutate(undefined, {
      onSuccess: () => {
        forgetLocalDraft(portfolioId);
        notify({ text: 'Account opening requested', theme: 'success' });
        navigate(paths.portfolio(portfolioId));
      },
      onError: (error) => {
        const items = error instanceof ApiError ? error.fieldErrors() : [];
        if (items.length === 0) {
          setOpenError(errorMessage(error));
          return;
        }
        const placed = items.map(placeOpenError);
        setOpenErrors(placed);
        setAttempts((count) => count + 1);
        const unplaced = placed.filter((item) => item.step === 'review');
        if (unplaced.length > 0) {
          notify({ text: unplaced.map((item) => item.detail).join(' '), theme: 'error' });
        }
      },
    });
  };

  // Keyed by step and by attempt to open, so a step's form starts again from the draft and
  // takes the errors of the last attempt.
  const stepKey = `${step}-${attempts}`;
  return (
    <>
      <StepList portfolioId={portfolioId} current={step} />
      <SaveStatus state={saveState} />
      {step === 'account-type' && (
        <AccountTypeStep
          key={stepKey}
          value={draft.client_data.account_type ?? ''}
          onChange={(accountType) => {
            onChange.clear('account-type');
            change('client_data', withAccountType(draft.client_data, accountType));
          }}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'owners' && (
        <OwnersStep
          key={stepKey}
          value={draft.client_data}
          onChange={onChange.clientData}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'suitability' && (
        <SuitabilityStep
          key={stepKey}
          value={draft.client_suitability_data}
          onChange={onChange.suitability}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'custodian' && (
        <CustodianStep
          key={stepKey}
          value={draft.custodians}
          onChange={onChange.custodians}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'documents' && (
        <DocumentsStep
          key={stepKey}
          portfolioId={portfolioId}
          value={draft.kyc_input_data}
          ownerNames={ownerNames}
          onChange={onChange.documents}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'strategy' && (
        <StrategyStep
          key={stepKey}
          value={draft.strategy}
          onChange={onChange.strategy}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'advisors' && (
        <AdvisorsStep
          key={stepKey}
          value={draft.advisor_input_data}
          originatingAdvisorId={undefined}
          onChange={onChange.advisors}
          navigation={navigation}
          errors={errors}
        />
      )}
      {step === 'review' && (
        <ReviewStep
          portfolioId={portfolioId}
          draft={draft}
          advisorNames={advisorNames}
          errors={openErrors}
          openError={openError}
          isOpening={open.isPending}
          onOpen={() => void openAccount()}
          onBack={() => goTo('advisors')}
        />
      )}
    </>
  );
}

/** An application that exists: loaded from the server, with what this browser kept over it. */
function Application(props: { portfolioId: string; step: string | undefined }) {
  const api = useApi();
  const inputs = useSavedInputs(props.portfolioId);
  const portfolio = useQuery({
    queryKey: queryKeys.portfolio(props.portfolioId),
    queryFn: () => api.request(getPortfolio, { params: { id: props.portfolioId } }),
  });
  if (inputs.isPending || portfolio.isPending) {
    return <LoadingBlock label="Loading the application" rows={6} />;
  }
  const failure = inputs.error ?? portfolio.error;
  if (failure) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {failure instanceof ApiError && failure.status === 404
          ? 'This application does not exist, or it was deleted.'
          : `The application could not be loaded: ${errorMessage(failure)}`}{' '}
        <Link to={paths.home} className="font-medium text-navy-700 underline">
          Back to the portfolios
        </Link>
      </p>
    );
  }
  if (portfolio.data && portfolio.data.status !== 'INCOMPLETE') {
    return (
      <p className="text-sm text-slate-800">
        This application was submitted.{' '}
        <Link
          to={paths.portfolio(props.portfolioId)}
          className="font-medium text-navy-700 underline"
        >
          See the portfolio
        </Link>
      </p>
    );
  }
  return (
    <ApplicationSteps
      portfolioId={props.portfolioId}
      step={props.step}
      initial={draftFromInputs(inputs.data ?? {})}
    />
  );
}

/** Account opening (product §2): a step-by-step application, saved as the advisor goes. */
export default function OnboardingPage() {
  usePageTitle('Open an account');
  const { portfolioId, step } = useParams();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-800">Open an account</h1>
      {portfolioId ? (
        <Application key={portfolioId} portfolioId={portfolioId} step={step} />
      ) : (
        <NewApplication />
      )}
    </div>
  );
}
