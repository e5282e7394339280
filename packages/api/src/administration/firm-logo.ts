import { type Firm, NOT_FOUND_DETAIL } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../accounts/current-account.ts';
import { AppError } from '../app-error.ts';
import type { Caller } from '../auth/authenticate.ts';
import { type AuditValues, appendAuditEvent } from './audit-trail.ts';
import { getFirmProfile } from './firm-profile.ts';
import type { LogoContentType } from './logo-image.ts';

const { firms } = schema;

/** What the trail keeps of a logo: its type and size, never its bytes (decision 022). */
async function lockCurrentLogo(tx: Tx, firmId: string): Promise<AuditValues | null> {
  const [row] = await tx
    .select({
      contentType: firms.logoContentType,
      bytes: sql<number | null>`octet_length(${firms.logo})`,
    })
    .from(firms)
    .where(eq(firms.id, firmId))
    .for('update');
  if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
  return row.contentType && row.bytes !== null
    ? { content_type: row.contentType, bytes: row.bytes }
    : null;
}

/** Replaces the firm's logo with one already judged by `checkLogo`. */
export async function storeFirmLogo(
  db: Db,
  caller: Caller,
  logo: { bytes: Uint8Array; contentType: LogoContentType },
): Promise<Firm> {
  return db.transaction(async (tx) => {
    const before = await lockCurrentLogo(tx, caller.firmId);
    await tx
      .update(firms)
      .set({ logo: logo.bytes, logoContentType: logo.contentType })
      .where(eq(firms.id, caller.firmId));
    await appendAuditEvent(tx, {
      firmId: caller.firmId,
      kind: 'LOGO_CHANGED',
      actorAdvisorId: caller.advisorId,
      subject: 'logo',
      before,
      after: { content_type: logo.contentType, bytes: logo.bytes.byteLength },
    });
    return getFirmProfile(tx, caller.firmId);
  });
}

/** Removes the firm's logo; removing none changes nothing and is not written to the trail. */
export async function removeFirmLogo(db: Db, caller: Caller): Promise<Firm> {
  return db.transaction(async (tx) => {
    const before = await lockCurrentLogo(tx, caller.firmId);
    if (before) {
      await tx
        .update(firms)
        .set({ logo: null, logoContentType: null })
        .where(eq(firms.id, caller.firmId));
      await appendAuditEvent(tx, {
        firmId: caller.firmId,
        kind: 'LOGO_REMOVED',
        actorAdvisorId: caller.advisorId,
        subject: 'logo',
        before,
        after: null,
      });
    }
    return getFirmProfile(tx, caller.firmId);
  });
}
