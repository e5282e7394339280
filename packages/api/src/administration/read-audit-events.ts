import type { AuditEvent, PageQuery } from '@ballast/contract';
import { type Db, schema } from '@ballast/db';
import { desc, eq } from 'drizzle-orm';
import { countRows } from '../paging.ts';

const { advisors, firmAuditEvents } = schema;

/** A page of the firm's audit trail, newest first, each event with the advisor who made it. */
export async function readAuditEvents(
  db: Db,
  firmId: string,
  query: PageQuery,
): Promise<{ count: number; results: AuditEvent[] }> {
  const where = eq(firmAuditEvents.firmId, firmId);
  const rows = await db
    .select({ event: firmAuditEvents, actor: advisors })
    .from(firmAuditEvents)
    .leftJoin(advisors, eq(advisors.id, firmAuditEvents.actorAdvisorId))
    .where(where)
    // The id breaks ties between events of one transaction, so pages never repeat or skip one.
    .orderBy(desc(firmAuditEvents.at), desc(firmAuditEvents.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    count: await countRows(db, firmAuditEvents, where),
    results: rows.map(({ event, actor }) => ({
      id: event.id,
      at: event.at.toISOString(),
      kind: event.kind as AuditEvent['kind'],
      actor: actor
        ? {
            advisor: actor.id,
            first_name: actor.firstName,
            last_name: actor.lastName,
            email: actor.email,
          }
        : null,
      subject: event.subject,
      before: event.before as AuditEvent['before'],
      after: event.after as AuditEvent['after'],
    })),
  };
}
