import { type Firm, type FirmUpdate, NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { type AuditValues, appendAuditEvent, changedFields } from './audit-trail.ts';

const { firms } = schema;

const firmColumns = {
  id: firms.id,
  name: firms.name,
  supportPhone: firms.supportPhone,
  supportEmail: firms.supportEmail,
  // Whether there is a logo, without reading its bytes.
  hasLogo: sql<boolean>`${firms.logo} is not null`,
};

type FirmRow = { id: string; name: string; supportPhone: string; supportEmail: string };

function toFirm(row: FirmRow & { hasLogo: boolean }): Firm {
  return {
    id: row.id,
    name: row.name,
    support_phone: row.supportPhone,
    support_email: row.supportEmail,
    has_logo: row.hasLogo,
  };
}

function profileOf(row: FirmRow): AuditValues {
  return { name: row.name, support_phone: row.supportPhone, support_email: row.supportEmail };
}

/** The caller's firm as its users see it (the header, the support modal). */
export async function getFirmProfile(db: Db | Tx, firmId: string): Promise<Firm> {
  const [row] = await db.select(firmColumns).from(firms).where(eq(firms.id, firmId));
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return toFirm(row);
}

/** Changes the firm's name and support contacts, with a FIRM_CHANGED event when any differ. */
export async function updateFirmProfile(db: Db, caller: Caller, update: FirmUpdate): Promise<Firm> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(firmColumns)
      .from(firms)
      .where(eq(firms.id, caller.firmId))
      .for('update');
    if (!current) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const [updated] = await tx
      .update(firms)
      .set({
        name: update.name,
        supportPhone: update.support_phone,
        supportEmail: update.support_email,
      })
      .where(eq(firms.id, caller.firmId))
      .returning(firmColumns);
    if (!updated) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const audited = changedFields(profileOf(current), profileOf(updated));
    if (Object.keys(audited.after).length > 0) {
      await appendAuditEvent(tx, {
        firmId: caller.firmId,
        kind: 'FIRM_CHANGED',
        actorAdvisorId: caller.advisorId,
        subject: updated.name,
        ...audited,
      });
    }
    return toFirm(updated);
  });
}
