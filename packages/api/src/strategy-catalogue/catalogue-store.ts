import {
  type AdvisorRole,
  NOT_FOUND_DETAIL,
  STRATEGY_NAME_TAKEN,
  type StrategyCatalogueEntry,
  type StrategyCatalogueEntryInput,
  type StrategyInput,
  type StrategyStatus,
  type StrategyStyle,
} from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { appendAuditEvent, changedFields } from '../administration/audit-trail.ts';
import { AppError, RequestValidationError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { canonicalJson } from '../simulations/canonical-hash.ts';

const { strategyCatalogue } = schema;
type Row = typeof strategyCatalogue.$inferSelect;

/** docs/architecture.md "Roles": the CIO keeps the catalogue, and an administrator may too. */
const KEEPERS: readonly AdvisorRole[] = ['CIO', 'ADMINISTRATOR'];

function toEntry(row: Row): StrategyCatalogueEntry {
  return {
    id: row.id,
    name: row.name,
    status: row.status as StrategyStatus,
    product: row.product,
    description: row.description,
    strategy_style: row.strategyStyle as StrategyStyle,
    strategy: row.strategy as StrategyInput,
    is_default: row.isDefault,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What the audit trail keeps of an entry: its fields, the strategy as one value in canonical
 * form, since the database hands JSON back with its keys in another order.
 */
function auditValues(entry: StrategyCatalogueEntryInput | StrategyCatalogueEntry) {
  return {
    name: entry.name,
    product: entry.product,
    description: entry.description,
    status: entry.status,
    style: entry.strategy.style,
    is_default: entry.is_default,
    strategy: canonicalJson(entry.strategy),
  };
}

export async function listCatalogue(
  db: Db,
  firmId: string,
  filter: { status?: StrategyStatus | undefined; strategy_style?: StrategyStyle | undefined },
): Promise<StrategyCatalogueEntry[]> {
  const rows = await db
    .select()
    .from(strategyCatalogue)
    .where(
      and(
        eq(strategyCatalogue.firmId, firmId),
        filter.status ? eq(strategyCatalogue.status, filter.status) : undefined,
        filter.strategy_style
          ? eq(strategyCatalogue.strategyStyle, filter.strategy_style)
          : undefined,
      ),
    )
    .orderBy(asc(strategyCatalogue.strategyStyle), asc(strategyCatalogue.name));
  return rows.map(toEntry);
}

function requireKeeper(caller: Caller): void {
  if (!KEEPERS.includes(caller.role)) {
    throw new AppError(
      'permission_denied',
      'Only the CIO or an administrator keeps the catalogue.',
    );
  }
}

/** One catalogue name per firm, checked before writing so the answer names the field. */
async function ensureNameFree(tx: Tx, firmId: string, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: strategyCatalogue.id })
    .from(strategyCatalogue)
    .where(
      and(
        eq(strategyCatalogue.firmId, firmId),
        sql`lower(${strategyCatalogue.name}) = lower(${name})`,
        except ? ne(strategyCatalogue.id, except) : undefined,
      ),
    );
  if (taken) {
    throw new RequestValidationError({
      type: 'validation_error',
      errors: [{ code: 'invalid', detail: STRATEGY_NAME_TAKEN, attr: 'name' }],
    });
  }
}

/** A style has one default: naming a new one retires the old in the same transaction. */
async function clearDefault(tx: Tx, firmId: string, style: string, except?: string) {
  await tx
    .update(strategyCatalogue)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(strategyCatalogue.firmId, firmId),
        eq(strategyCatalogue.strategyStyle, style),
        eq(strategyCatalogue.isDefault, true),
        except ? ne(strategyCatalogue.id, except) : undefined,
      ),
    );
}

function columnsOf(input: StrategyCatalogueEntryInput) {
  return {
    name: input.name,
    product: input.product,
    description: input.description,
    status: input.status,
    strategyStyle: input.strategy.style,
    strategy: input.strategy,
    isDefault: input.is_default,
  };
}

export async function addToCatalogue(
  db: Db,
  caller: Caller,
  input: StrategyCatalogueEntryInput,
): Promise<StrategyCatalogueEntry> {
  requireKeeper(caller);
  return db.transaction(async (tx) => {
    await ensureNameFree(tx, caller.firmId, input.name);
    if (input.is_default) await clearDefault(tx, caller.firmId, input.strategy.style);
    const [row] = await tx
      .insert(strategyCatalogue)
      .values({ firmId: caller.firmId, ...columnsOf(input) })
      .returning();
    if (!row) throw new Error('The catalogue entry could not be stored.');
    await appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'STRATEGY_ADDED',
      actorAdvisorId: caller.advisorId,
      subject: input.name,
      before: null,
      after: auditValues(input),
    });
    return toEntry(row);
  });
}

export async function replaceInCatalogue(
  db: Db,
  caller: Caller,
  id: string,
  input: StrategyCatalogueEntryInput,
): Promise<StrategyCatalogueEntry> {
  requireKeeper(caller);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(strategyCatalogue)
      .where(and(eq(strategyCatalogue.id, id), eq(strategyCatalogue.firmId, caller.firmId)))
      .for('update');
    if (!current) throw new AppError('not_found', NOT_FOUND_DETAIL);
    await ensureNameFree(tx, caller.firmId, input.name, id);
    if (input.is_default) await clearDefault(tx, caller.firmId, input.strategy.style, id);
    const [row] = await tx
      .update(strategyCatalogue)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(strategyCatalogue.id, id), eq(strategyCatalogue.firmId, caller.firmId)))
      .returning();
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const change = changedFields(auditValues(toEntry(current)), auditValues(input));
    await appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'STRATEGY_CHANGED',
      actorAdvisorId: caller.advisorId,
      subject: input.name,
      ...change,
    });
    return toEntry(row);
  });
}
