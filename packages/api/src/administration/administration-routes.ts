import {
  changeCustodian,
  changeFirmUser,
  deleteFirmLogo,
  getFirm,
  inviteFirmUser,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_TYPE,
  LOGO_WHOLE_FORM,
  listAuditEvents,
  listFirmUsers,
  reassignPortfolios,
  resendFirmUserInvitation,
  updateFirm,
  uploadFirmLogo,
} from '@ballast/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiContext, apiRoute } from '../api-route.ts';
import { AppError, fieldError } from '../app-error.ts';
import { multipartFailure } from '../multipart-failure.ts';
import { pageOf } from '../paging.ts';
import { changeUser } from './change-user.ts';
import { changeFirmCustodian } from './firm-custodians.ts';
import { removeFirmLogo, storeFirmLogo } from './firm-logo.ts';
import { getFirmProfile, updateFirmProfile } from './firm-profile.ts';
import { requireAdministratorOf, requireOwnFirm } from './firm-scope.ts';
import { getFirmUser, listUsersOfFirm } from './firm-users.ts';
import { inviteUser } from './invite-user.ts';
import { checkLogo } from './logo-image.ts';
import { readAuditEvents } from './read-audit-events.ts';
import { reassignPortfoliosOf } from './reassign-portfolios.ts';
import { resendInvitation } from './resend-invitation.ts';

/**
 * Firm administration (decision 022): the firm's users, profile, logo, custodians and audit
 * trail. Every call but `GET /firms/{id}` is the ADMINISTRATOR's; another firm's id answers 404.
 */
export async function registerAdministrationRoutes(
  app: FastifyInstance,
  context: ApiContext,
): Promise<void> {
  const { db } = context;

  apiRoute(app, context, getFirm, async ({ params, caller }) => {
    requireOwnFirm(caller, params.id);
    return getFirmProfile(db, caller.firmId);
  });

  apiRoute(app, context, updateFirm, async ({ params, body, caller }) => {
    requireAdministratorOf(caller, params.id);
    return updateFirmProfile(db, caller, body);
  });

  apiRoute(app, context, deleteFirmLogo, async ({ params, caller }) => {
    requireAdministratorOf(caller, params.id);
    return removeFirmLogo(db, caller);
  });

  apiRoute(app, context, listFirmUsers, async ({ params, caller }) => {
    requireAdministratorOf(caller, params.id);
    return listUsersOfFirm(db, caller.firmId);
  });

  apiRoute(app, context, inviteFirmUser, async ({ params, body, caller, reply }) => {
    requireAdministratorOf(caller, params.id);
    const user = await inviteUser(context, caller, body);
    reply.code(201);
    return user;
  });

  apiRoute(app, context, changeFirmUser, async ({ params, body, caller }) => {
    requireAdministratorOf(caller, params.id);
    await changeUser(context, caller, params.advisor_id, body);
    return getFirmUser(db, caller.firmId, params.advisor_id);
  });

  apiRoute(app, context, resendFirmUserInvitation, async ({ params, caller, reply }) => {
    requireAdministratorOf(caller, params.id);
    await resendInvitation(context, caller, params.advisor_id);
    return reply.code(204).send();
  });

  apiRoute(app, context, reassignPortfolios, async ({ params, body, caller }) => {
    requireAdministratorOf(caller, params.id);
    return reassignPortfoliosOf(db, caller, params.advisor_id, body.to_advisor);
  });

  apiRoute(app, context, listAuditEvents, async ({ params, query, caller, request }) => {
    requireAdministratorOf(caller, params.id);
    const { count, results } = await readAuditEvents(db, caller.firmId, query);
    return pageOf(request, query, count, results);
  });

  apiRoute(app, context, changeCustodian, async ({ params, body, caller }) => {
    if (caller.role !== 'ADMINISTRATOR') {
      throw new AppError('permission_denied', 'Only an administrator may change custodians.');
    }
    return changeFirmCustodian(db, caller, params.id, body);
  });

  // Only the logo upload takes a multipart body, so the parser lives in a scope of its own.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file; a byte over the limit is enough to know it is too large.
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    apiRoute(scope, context, uploadFirmLogo, async ({ params, caller, request }) => {
      requireAdministratorOf(caller, params.id);
      const bytes = await readLogo(request);
      const checked = checkLogo(bytes);
      if (!checked.ok) {
        throw fieldError(
          'logo',
          'invalid',
          checked.reason === 'too_large' ? LOGO_TOO_LARGE : LOGO_TYPE,
        );
      }
      return storeFirmLogo(db, caller, { bytes, contentType: checked.contentType });
    });
  });
}

/** The uploaded file of the form's `logo` field, buffered up to the size limit. */
async function readLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError('logo', 'required', LOGO_TYPE);
  try {
    const part = await request.file();
    if (part?.fieldname !== 'logo') throw fieldError('logo', 'required', LOGO_TYPE);
    return await part.toBuffer();
  } catch (error) {
    const failure = multipartFailure(error);
    if (failure === 'too_large') throw fieldError('logo', 'invalid', LOGO_TOO_LARGE);
    if (failure === 'malformed') throw fieldError('logo', 'invalid', LOGO_WHOLE_FORM);
    throw error;
  }
}
