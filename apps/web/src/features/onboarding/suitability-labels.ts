import type { Suitability } from '@ballast/contract';

/** The words for each suitability choice of product §5 'Suitability'. */
export const SUITABILITY_LABELS = {
  sophistication: { NONE: 'None', LOW: 'Low', HIGH: 'High' },
  objective: { INCOME: 'Income', GROWTH: 'Growth', CAPITAL_PRESERVATION: 'Capital preservation' },
  risk: { LOW: 'Low', MODERATE: 'Moderate', HIGH: 'High' },
  time_horizon: { SHORT_TERM: 'Short term', LONG_TERM: 'Long term', GENERATIONAL: 'Generational' },
  tax_status: { UP: 'Going up', DOWN: 'Going down', NO_CHANGE: 'No change' },
} as const satisfies {
  [Field in 'sophistication' | 'objective' | 'risk' | 'time_horizon' | 'tax_status']: Record<
    Suitability[Field],
    string
  >;
};

export const SUITABILITY_CHOICE_TITLES = {
  sophistication: 'Investment sophistication',
  objective: 'Objective',
  risk: 'Risk tolerance',
  time_horizon: 'Time horizon',
  tax_status: 'Expected tax bracket',
} as const;
