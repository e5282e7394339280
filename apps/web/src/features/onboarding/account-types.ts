import type { AccountType } from '@ballast/contract';

/** The words for each account type of product §9 'Accounts and strategies'. */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  I: 'Individual',
  J: 'Joint',
  C: 'Corporate',
  T: 'Trust',
  R: 'Retirement',
};
