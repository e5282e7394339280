import type { FormOption } from '@ballast/contract';
import { useMemo, useState } from 'react';
import {
  changeOption,
  checkDraft,
  type DraftErrors,
  type StrategyDraft,
  withTaxExemptValues,
} from '../../lib/strategy-draft.ts';

const NO_ERRORS: DraftErrors = new Map();

/**
 * The strategy being edited and the contract's verdict on it, after every change: an option
 * set with what its value imposes, and the tax-exempt switch, which fills in the tax data
 * product §5 'Tax' asks of such an account and then holds the advisor to it.
 */
export function useStrategyDraft(
  options: readonly FormOption[],
  start: () => { draft: StrategyDraft; taxExempt: boolean },
) {
  const [state, setState] = useState(start);
  const { draft, taxExempt } = state;
  const check = useMemo(() => checkDraft(draft, { taxExempt }), [draft, taxExempt]);
  return {
    draft,
    taxExempt,
    strategy: check.ok ? check.strategy : null,
    errors: check.ok ? NO_ERRORS : check.errors,
    change(option: FormOption, value: unknown) {
      setState((current) => ({
        ...current,
        draft: changeOption(options, current.draft, option, value),
      }));
    },
    setTaxExempt(checked: boolean) {
      setState((current) => ({
        taxExempt: checked,
        draft: checked ? withTaxExemptValues(current.draft) : current.draft,
      }));
    },
  };
}
