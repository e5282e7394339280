import { createHash } from 'node:crypto';
import {
  type Advisor,
  type AdvisorListItem,
  getFirmLogo,
  getSelfAdvisor,
  listAdvisors,
  NOT_FOUND_DETAIL,
  updateAdvisor,
} from '@ballast/contract';
import { schema } from '@ballast/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normaliseEmail } from '../administration/advisor-email.ts';
import { changeUser } from '../administration/change-user.ts';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError } from '../app-error.ts';

const { advisors, firms } = schema;

type AdvisorRow = typeof advisors.$inferSelect;

function toAdvisor(row: AdvisorRow): Advisor {
  return {
    advisor: row.id,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    status: row.status as Advisor['status'],
    role: row.role as Advisor['role'],
    in_app_notification: row.inAppNotification,
    email_notification: row.emailNotification,
    firm_id: row.firmId,
  };
}

export function registerAdvisorRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  async function getAdvisorOfFirm(id: string, firmId: string): Promise<AdvisorRow> {
    const [row] = await db
      .select()
      .from(advisors)
      .where(and(eq(advisors.id, id), eq(advisors.firmId, firmId)));
    // Another firm's advisor is indistinguishable from one that does not exist.
    if (!row) throw new AppError('not_found', NOT_FOUND_DETAIL);
    return row;
  }

  apiRoute(app, context, listAdvisors, async ({ query, caller }): Promise<AdvisorListItem[]> => {
    const rows = await db
      .select({
        id: advisors.id,
        role: advisors.role,
        firstName: advisors.firstName,
        lastName: advisors.lastName,
      })
      .from(advisors)
      .where(
        and(
          eq(advisors.firmId, caller.firmId),
          query.status ? eq(advisors.status, query.status) : undefined,
        ),
      )
      .orderBy(asc(advisors.lastName), asc(advisors.firstName));
    return rows.map((row) => ({
      advisor: row.id,
      role: row.role as AdvisorListItem['role'],
      first_name: row.firstName,
      last_name: row.lastName,
    }));
  });

  apiRoute(app, context, getSelfAdvisor, async ({ caller }) =>
    toAdvisor(await getAdvisorOfFirm(caller.advisorId, caller.firmId)),
  );

  apiRoute(app, context, updateAdvisor, async ({ params, body, caller }) => {
    const current = await getAdvisorOfFirm(params.id, caller.firmId);
    const isAdministrator = caller.role === 'ADMINISTRATOR';
    if (current.id !== caller.advisorId && !isAdministrator) {
      throw new AppError('permission_denied', 'You may change only your own settings.');
    }
    // Product §6: status, role and e-mail change only through an administrator.
    const changesRestricted =
      body.status !== current.status ||
      body.role !== current.role ||
      normaliseEmail(body.email) !== current.email;
    if (changesRestricted && !isAdministrator) {
      throw new AppError(
        'permission_denied',
        'Only an administrator may change status, role or e-mail.',
      );
    }
    // The same way as PATCH /firms/{id}/users/{advisor_id}: the last-administrator guard, the
    // audit trail and the identity service all see the change (decision 022).
    const updated = await changeUser(
      context,
      caller,
      current.id,
      isAdministrator ? { status: body.status, role: body.role, email: body.email } : {},
      {
        firstName: body.first_name,
        middleName: body.middle_name,
        lastName: body.last_name,
        phone: body.phone,
        address: body.address,
        address2: body.address2,
        city: body.city,
        state: body.state,
        zipCode: body.zip_code,
        emailNotification: body.email_notification,
      },
    );
    return toAdvisor(updated);
  });

  apiRoute(app, context, getFirmLogo, async ({ params, caller, request, reply }) => {
    if (params.id !== caller.firmId) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const [firm] = await db
      .select({ logo: firms.logo, contentType: firms.logoContentType })
      .from(firms)
      .where(eq(firms.id, caller.firmId));
    if (!firm?.logo || !firm.contentType) throw new AppError('not_found', NOT_FOUND_DETAIL);
    const etag = `"${createHash('sha256').update(firm.logo).digest('base64url').slice(0, 27)}"`;
    // Revalidated on every use, so a new logo shows in the header at once; the ETag keeps that a
    // 304. An SVG opened on its own is a document: the policy lets it run and fetch nothing.
    reply
      .header('cache-control', 'private, no-cache')
      .header('etag', etag)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(firm.contentType).send(Buffer.from(firm.logo));
  });
}
