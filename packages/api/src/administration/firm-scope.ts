import { NOT_FOUND_DETAIL } from '@ballast/contract';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';

/**
 * The firm a call names must be the caller's: another firm's id answers 404, so its existence is
 * never revealed (docs/architecture.md "Roles", decision 022).
 */
export function requireOwnFirm(caller: Caller, firmId: string): void {
  if (firmId !== caller.firmId) throw new AppError('not_found', NOT_FOUND_DETAIL);
}

/**
 * Firm administration is the ADMINISTRATOR's (product §6); the firm is checked first, so a
 * non-administrator learns nothing about other firms either.
 */
export function requireAdministratorOf(caller: Caller, firmId: string): void {
  requireOwnFirm(caller, firmId);
  if (caller.role !== 'ADMINISTRATOR') {
    throw new AppError('permission_denied', 'Only an administrator may run the firm.');
  }
}
