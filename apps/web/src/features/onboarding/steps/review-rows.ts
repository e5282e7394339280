/**
 * The review's rows: every field of the application with the attr the api would name it by
 * (product §8), so that an error of opening the account lands beside its row.
 */
import { US_STATES } from '@ballast/contract';
import { OWNER_ROLE_LABELS } from '../../../components/client-data/client-data-values.ts';
import { ACCOUNT_TYPE_LABELS } from '../account-types.ts';
import type { OnboardingDraft } from '../onboarding-draft.ts';
import type { StepId } from '../onboarding-steps.ts';
import { SUITABILITY_CHOICE_TITLES, SUITABILITY_LABELS } from '../suitability-labels.ts';

export type ReviewRow = { attr: string; label: string; value: string };
export type ReviewSection = { step: StepId; attr: string; title: string; rows: ReviewRow[] };

const NONE = '—';

function text(value: unknown): string {
  if (value === undefined || value === null || value === '') return NONE;
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function labelOf(labels: Record<string, string>, value: unknown): string {
  return typeof value === 'string' && Object.hasOwn(labels, value)
    ? (labels[value] ?? NONE)
    : text(value);
}

function stateName(abbreviation: unknown): string {
  const state = US_STATES.find((entry) => entry.abbreviation === abbreviation);
  return state ? `${state.abbreviation} (${state.name})` : text(abbreviation);
}

/** A tax id shown by its last four characters only: the review is read over shoulders. */
function maskedTaxId(value: unknown): string {
  const taxid = text(value);
  return taxid === NONE ? NONE : `•••${taxid.slice(-4)}`;
}

const DISCLOSURE_LABELS = {
  ofac_sanctioned: 'OFAC-sanctioned persons',
  politically_exposed: 'Politically exposed persons',
  politically_exposed_immediate_family_names: 'Their immediate family',
  politically_exposed_organizations: 'Politically exposed organizations',
  control_person_company_symbols: 'Companies controlled',
  finra_associated_entities: 'FINRA-associated entities',
} as const;

function ownerRows(draft: OnboardingDraft, index: number): ReviewRow[] {
  const owner = draft.client_data.owners[index];
  if (!owner) return [];
  const at = (path: string) => `client_data.owners.${index}.${path}`;
  const rows: ReviewRow[] = [
    { attr: at('role'), label: 'Role', value: labelOf(OWNER_ROLE_LABELS, owner.role) },
    { attr: at('title'), label: 'Title', value: text(owner.title) },
    { attr: at('first_name'), label: 'First name', value: text(owner.first_name) },
    { attr: at('middle_initial'), label: 'Middle initial', value: text(owner.middle_initial) },
    { attr: at('last_name'), label: 'Last name', value: text(owner.last_name) },
    { attr: at('suffix'), label: 'Suffix', value: text(owner.suffix) },
    { attr: at('DOB'), label: 'Date of birth', value: text(owner.DOB) },
    { attr: at('marital_status'), label: 'Marital status', value: text(owner.marital_status) },
    {
      attr: at('citizenship_country'),
      label: 'Citizenship country',
      value: text(owner.citizenship_country),
    },
    { attr: at('taxid_type'), label: 'Tax id type', value: text(owner.taxid_type) },
    { attr: at('taxid'), label: 'Tax id', value: maskedTaxId(owner.taxid) },
    { attr: at('email'), label: 'E-mail', value: text(owner.email) },
    { attr: at('home_phone'), label: 'Home phone', value: text(owner.home_phone) },
    { attr: at('business_phone'), label: 'Business phone', value: text(owner.business_phone) },
  ];
  for (const [kind, title] of [
    ['personal_address', 'Personal address'],
    ['mailing_address', 'Mailing address'],
  ] as const) {
    const address = owner[kind];
    rows.push(
      { attr: at(`${kind}.address`), label: `${title}: street`, value: text(address?.address) },
      { attr: at(`${kind}.city`), label: `${title}: city`, value: text(address?.city) },
      { attr: at(`${kind}.state`), label: `${title}: state`, value: stateName(address?.state) },
      { attr: at(`${kind}.zip_code`), label: `${title}: zip code`, value: text(address?.zip_code) },
    );
  }
  const employment = owner.employment;
  rows.push(
    {
      attr: at('employment.employer_name'),
      label: 'Employer',
      value: text(employment?.employer_name),
    },
    {
      attr: at('employment.employer_address'),
      label: 'Employer address',
      value: text(employment?.employer_address),
    },
    { attr: at('employment.position'), label: 'Position', value: text(employment?.position) },
    {
      attr: at('employment.years_employed'),
      label: 'Years employed',
      value: text(employment?.years_employed),
    },
  );
  for (const [field, label] of Object.entries(DISCLOSURE_LABELS)) {
    rows.push({
      attr: at(`disclosures.${field}`),
      label,
      value: text(owner.disclosures?.[field as keyof typeof DISCLOSURE_LABELS]),
    });
  }
  (owner.agreements ?? []).forEach((agreement, position) => {
    rows.push({
      attr: at(`agreements.${position}`),
      label: `Agreement ${position + 1}`,
      value: `version ${text(agreement.version)}, e-signed by ${text(agreement.name)} on ${text(agreement.e_signed_date)}`,
    });
  });
  return rows;
}

/** Every section of the application, in the order of the steps. */
export function reviewSections(
  draft: OnboardingDraft,
  names: { advisors: ReadonlyMap<string, string> },
): ReviewSection[] {
  const suitability = draft.client_suitability_data;
  const custodian = draft.custodians[0];
  const strategy = draft.strategy;
  return [
    {
      step: 'account-type',
      attr: 'client_data.account_type',
      title: 'Account type',
      rows: [
        {
          attr: 'client_data.account_type',
          label: 'Account type',
          value: labelOf(ACCOUNT_TYPE_LABELS, draft.client_data.account_type),
        },
      ],
    },
    ...draft.client_data.owners.map(
      (_, index): ReviewSection => ({
        step: 'owners',
        attr: index === 0 ? 'client_data' : `client_data.owners.${index}`,
        title: `Owner ${index + 1}`,
        rows: ownerRows(draft, index),
      }),
    ),
    {
      step: 'suitability',
      attr: 'client_suitability_data',
      title: 'Suitability',
      rows: [
        {
          attr: 'client_suitability_data.investment_amount',
          label: 'Investment amount',
          value:
            typeof suitability.investment_amount === 'number'
              ? suitability.investment_amount.toLocaleString('en-US', {
                  style: 'currency',
                  currency: 'USD',
                })
              : NONE,
        },
        {
          attr: 'client_suitability_data.percent_net_worth',
          label: 'Share of net worth',
          value:
            typeof suitability.percent_net_worth === 'number'
              ? `${suitability.percent_net_worth}%`
              : NONE,
        },
        {
          attr: 'client_suitability_data.is_financial_professional',
          label: 'Financial professional',
          value: text(suitability.is_financial_professional),
        },
        ...(Object.keys(SUITABILITY_LABELS) as (keyof typeof SUITABILITY_LABELS)[]).map(
          (field): ReviewRow => ({
            attr: `client_suitability_data.${field}`,
            label: SUITABILITY_CHOICE_TITLES[field],
            value: labelOf(SUITABILITY_LABELS[field], suitability[field]),
          }),
        ),
      ],
    },
    {
      step: 'custodian',
      attr: 'custodians',
      title: 'Custodian',
      rows: [
        {
          attr: 'custodians.0.custodian_name',
          label: 'Custodian',
          value: text(custodian?.custodian_name),
        },
        {
          attr: 'custodians.0.account_number',
          label: 'Account number',
          value: text(custodian?.account_number),
        },
      ],
    },
    {
      step: 'documents',
      attr: 'kyc_input_data',
      title: 'KYC documents',
      rows: draft.kyc_input_data.map((entry, index) => ({
        attr: `kyc_input_data.${index}.description`,
        label: `Document ${index + 1}, of ${entry.owner_name}`,
        value: text(entry.description),
      })),
    },
    {
      step: 'strategy',
      attr: 'strategy',
      title: 'Strategy',
      rows: strategy
        ? [
            { attr: 'strategy.style', label: 'Style', value: strategy.style },
            {
              attr: 'strategy.tax_data.initial_investment_amount',
              label: 'Initial investment',
              value: strategy.tax_data.initial_investment_amount.toLocaleString('en-US', {
                style: 'currency',
                currency: 'USD',
              }),
            },
            {
              attr: 'strategy.tax_data.tax_rate',
              label: 'Tax rate',
              value: `${strategy.tax_data.tax_rate}%`,
            },
            {
              attr: 'strategy.tax_data.tax_residency',
              label: 'Tax residency',
              value: text(strategy.tax_data.tax_residency),
            },
          ]
        : [{ attr: 'strategy.style', label: 'Strategy', value: NONE }],
    },
    {
      step: 'advisors',
      attr: 'advisor_input_data',
      title: 'Advisors',
      rows: [
        {
          attr: 'advisor_input_data',
          label: 'Advisors on the account',
          value: text(draft.advisor_input_data.map((id) => names.advisors.get(id) ?? id)),
        },
      ],
    },
  ];
}
