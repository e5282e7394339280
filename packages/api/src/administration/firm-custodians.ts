import {
  type Custodian,
  type CustodianChange,
  custodianNotOffered,
  NOT_FOUND_DETAIL,
  SELECT_VALID_OPTION,
  type ValidationErrorItem,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { appendAuditEvent, changedFields } from './audit-trail.ts';

const { custodians } = schema;

type CustodianRow = typeof custodians.$inferSelect;

export function toCustodian(row: CustodianRow): Custodian {
  return {
    id: row.id,
    name: row.name,
    product: row.product,
    description: row.description,
    status: row.status as Custodian['status'],
  };
}

const offerOf = (row: CustodianRow) => ({
  product: row.product,
  description: row.description,
  status: row.status,
});

/** How the firm offers one of its custodians, with a CUSTODIAN_CHANGED event when it differs. */
export async function changeFirmCustodian(
  db: Db,
  caller: Caller,
  custodianId: string,
  change: CustodianChange,
): Promise<Custodian> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(custodians)
      .where(and(eq(custodians.id, custodianId), eq(custodians.firmId, caller.firmId)))
      .for('update');
    if (!current) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const [updated] = await tx
      .update(custodians)
      .set(change)
      .where(eq(custodians.id, current.id))
      .returning();
    if (!updated) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const audited = changedFields(offerOf(current), offerOf(updated));
    if (Object.keys(audited.after).length > 0) {
      await appendAuditEvent(tx, {
        firmId: caller.firmId,
        kind: 'CUSTODIAN_CHANGED',
        actorAdvisorId: caller.advisorId,
        subject: current.name,
        ...audited,
      });
    }
    return toCustodian(updated);
  });
}

/**
 * New accounts, and custodian changes, go only to custodians the firm offers (decision 022): a
 * name the firm has set inactive, or does not have, is refused at its `custodian_name`, under
 * `listAttr` (`custodians` when opening, `action_payload` for a custodian change). Drafts are
 * not checked, so an application saved before a custodian was withdrawn can still be edited.
 */
export async function refuseCustodiansNotOffered(
  db: Db,
  firmId: string,
  names: readonly string[],
  listAttr: string,
): Promise<void> {
  const rows = await db
    .select({ name: custodians.name, status: custodians.status })
    .from(custodians)
    .where(eq(custodians.firmId, firmId));
  const errors = names.flatMap((name, index): ValidationErrorItem[] => {
    const known = rows.find((row) => row.name === name);
    if (known?.status === 'A') return [];
    return [
      {
        code: 'invalid_choice',
        detail: known ? custodianNotOffered(known.name) : SELECT_VALID_OPTION,
        attr: `${listAttr}.${index}.custodian_name`,
      },
    ];
  });
  if (errors.length > 0) throw new RequestValidationError({ type: 'validation_error', errors });
}
