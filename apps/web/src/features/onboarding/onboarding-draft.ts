/**
 * An application as the advisor has typed it so far, section by section, and how each section
 * becomes what the inputs calls save. A section is sent as soon as it passes the api's draft
 * schemas, which take an owner or a suitability as far as it is typed; until the server has it,
 * it waits in this browser's local storage (decision 021).
 */
import {
  ClientDataDraftSchema,
  type CustodianInputDraft,
  CustodianInputDraftSchema,
  isEmploymentEmpty,
  type KycInput,
  KycInputSchema,
  type PortfolioInputsDraft,
  type StrategyInput,
  type SuitabilityDraft,
  SuitabilityDraftSchema,
} from '@ballast/contract';
import { z } from 'zod';
import {
  type ClientDataDraft,
  clientDataDefaults,
} from '../../components/client-data/client-data-values.ts';

export type OnboardingDraft = {
  client_data: ClientDataDraft;
  client_suitability_data: SuitabilityDraft;
  custodians: CustodianInputDraft[];
  kyc_input_data: KycInput[];
  strategy: StrategyInput | null;
  advisor_input_data: string[];
};

export type SectionName = keyof OnboardingDraft;

export const SECTION_NAMES: readonly SectionName[] = [
  'client_data',
  'client_suitability_data',
  'custodians',
  'kyc_input_data',
  'strategy',
  'advisor_input_data',
];

type SavedInputs = Partial<PortfolioInputsDraft> & { advisor_input_data?: string[] | undefined };

/** The draft the server's saved inputs describe; a section never saved starts empty. */
export function draftFromInputs(inputs: SavedInputs): OnboardingDraft {
  return {
    client_data: clientDataDefaults(inputs.client_data ?? null),
    client_suitability_data: inputs.client_suitability_data ?? {},
    custodians: inputs.custodians ?? [],
    kyc_input_data: inputs.kyc_input_data ?? [],
    strategy: inputs.strategy ?? null,
    advisor_input_data: inputs.advisor_input_data ?? [],
  };
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/**
 * The client data as the form holds it, made a draft to send: a blank field is left out rather
 * than sent empty (the form's unchosen role would not pass as a value), and an employment whose
 * fields are all empty is no employment (product §5).
 */
function clientDataDraftOf(values: ClientDataDraft): unknown {
  return {
    ...(isBlank(values.account_type) ? {} : { account_type: values.account_type }),
    owners: values.owners.map((owner) => ({
      ...Object.fromEntries(Object.entries(owner).filter(([, value]) => !isBlank(value))),
      employment: isEmploymentEmpty(owner.employment) ? null : owner.employment,
    })),
  };
}

/**
 * What a section sends to PATCH /inputs, or null while it cannot be saved (a value of the wrong
 * kind, such as a number box holding letters, which the form points out).
 */
export function sectionPayload(draft: OnboardingDraft, section: SectionName): SavedInputs | null {
  switch (section) {
    case 'client_data': {
      const checked = ClientDataDraftSchema.safeParse(clientDataDraftOf(draft.client_data));
      return checked.success ? { client_data: checked.data } : null;
    }
    case 'client_suitability_data': {
      const checked = SuitabilityDraftSchema.safeParse(draft.client_suitability_data);
      return checked.success ? { client_suitability_data: checked.data } : null;
    }
    case 'custodians': {
      const checked = z.array(CustodianInputDraftSchema).safeParse(draft.custodians);
      return checked.success ? { custodians: checked.data } : null;
    }
    case 'kyc_input_data': {
      const checked = z.array(KycInputSchema).safeParse(draft.kyc_input_data);
      return checked.success ? { kyc_input_data: checked.data } : null;
    }
    case 'strategy':
      return draft.strategy ? { strategy: draft.strategy } : null;
    case 'advisor_input_data':
      return { advisor_input_data: draft.advisor_input_data };
  }
}

/**
 * The client data with the account type chosen. The radios offer only product §9's codes, and
 * an unchosen one is empty, which the draft's type (the schema's input) cannot hold, hence the
 * cast; the schema refuses anything else when the section is checked.
 */
export function withAccountType(clientData: ClientDataDraft, accountType: string): ClientDataDraft {
  return { ...clientData, account_type: accountType as ClientDataDraft['account_type'] };
}

const storageKey = (portfolioId: string) => `ballast.onboarding.${portfolioId}`;

/** What this browser keeps of one application: the sections not yet saved and the last step. */
export type LocalDraft = { sections: Partial<OnboardingDraft>; step?: string | undefined };

export function readLocalDraft(portfolioId: string): LocalDraft {
  try {
    const stored = localStorage.getItem(storageKey(portfolioId));
    if (stored === null) return { sections: {} };
    const parsed = JSON.parse(stored) as Partial<LocalDraft> | null;
    return { sections: parsed?.sections ?? {}, step: parsed?.step };
  } catch {
    return { sections: {} };
  }
}

export function writeLocalDraft(portfolioId: string, local: LocalDraft): void {
  localStorage.setItem(storageKey(portfolioId), JSON.stringify(local));
}

export function forgetLocalDraft(portfolioId: string): void {
  localStorage.removeItem(storageKey(portfolioId));
}

/** The server's draft with this browser's unsaved sections over it. */
export function mergeDrafts(server: OnboardingDraft, local: LocalDraft): OnboardingDraft {
  return { ...server, ...local.sections };
}
