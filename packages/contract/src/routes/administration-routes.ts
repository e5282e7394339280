/**
 * Firm administration (docs/decisions/022): the firm's users, profile, logo, custodians and audit
 * trail. A firm id other than the caller's answers 404, as for every other firm-owned record.
 */
import { z } from 'zod';
import { CustodianSchema } from '../entities/custodian.ts';
import {
  AuditEventSchema,
  CustodianChangeSchema,
  FirmLogoUploadSchema,
  FirmSchema,
  FirmUpdateSchema,
  FirmUserChangeSchema,
  FirmUserInvitationSchema,
  FirmUserSchema,
  PortfolioReassignmentResultSchema,
  PortfolioReassignmentSchema,
} from '../entities/firm-administration.ts';
import { IdSchema } from '../fields.ts';
import { PageQuerySchema, pagedListSchema } from '../paged-list.ts';
import { defineRoute, noContent } from './define-route.ts';
import { errors } from './error-responses.ts';

const firmParams = z.object({ id: IdSchema });
const firmUserParams = z.object({ id: IdSchema, advisor_id: IdSchema });

export const getFirm = defineRoute({
  id: 'getFirm',
  method: 'GET',
  path: '/firms/{id}',
  summary: "The caller's firm: its name, support contacts and whether it has a logo",
  tags: ['firms'],
  params: firmParams,
  responses: { 200: FirmSchema, ...errors(404) },
});

export const updateFirm = defineRoute({
  id: 'updateFirm',
  method: 'PUT',
  path: '/firms/{id}',
  summary: "Change the firm's name and support contacts (ADMINISTRATOR)",
  tags: ['firms'],
  params: firmParams,
  body: FirmUpdateSchema,
  responses: { 200: FirmSchema, ...errors(400, 403, 404) },
});

export const uploadFirmLogo = defineRoute({
  id: 'uploadFirmLogo',
  method: 'PUT',
  path: '/firms/{id}/logo',
  summary: "Replace the firm's logo with a PNG, JPEG or SVG image (ADMINISTRATOR)",
  tags: ['firms'],
  params: firmParams,
  bodyKind: 'multipart',
  body: FirmLogoUploadSchema,
  responses: { 200: FirmSchema, ...errors(400, 403, 404) },
});

export const deleteFirmLogo = defineRoute({
  id: 'deleteFirmLogo',
  method: 'DELETE',
  path: '/firms/{id}/logo',
  summary: "Remove the firm's logo (ADMINISTRATOR)",
  tags: ['firms'],
  params: firmParams,
  responses: { 200: FirmSchema, ...errors(403, 404) },
});

export const listFirmUsers = defineRoute({
  id: 'listFirmUsers',
  method: 'GET',
  path: '/firms/{id}/users',
  summary: "The firm's users with their role, status and e-mail (ADMINISTRATOR)",
  tags: ['firm administration'],
  params: firmParams,
  responses: { 200: z.array(FirmUserSchema), ...errors(403, 404) },
});

export const inviteFirmUser = defineRoute({
  id: 'inviteFirmUser',
  method: 'POST',
  path: '/firms/{id}/users',
  summary: 'Invite a new user with a role: they are e-mailed a single-use sign-in link',
  tags: ['firm administration'],
  params: firmParams,
  body: FirmUserInvitationSchema,
  responses: { 201: FirmUserSchema, ...errors(400, 403, 404) },
});

export const changeFirmUser = defineRoute({
  id: 'changeFirmUser',
  method: 'PATCH',
  path: '/firms/{id}/users/{advisor_id}',
  summary:
    "Change a user's role, status or e-mail; an inactive user's sessions end at once (ADMINISTRATOR)",
  tags: ['firm administration'],
  params: firmUserParams,
  body: FirmUserChangeSchema,
  responses: { 200: FirmUserSchema, ...errors(400, 403, 404, 409) },
});

export const resendFirmUserInvitation = defineRoute({
  id: 'resendFirmUserInvitation',
  method: 'POST',
  path: '/firms/{id}/users/{advisor_id}/invitation',
  summary: 'Send a user a fresh sign-in link; earlier links stop working (ADMINISTRATOR)',
  tags: ['firm administration'],
  params: firmUserParams,
  responses: { 204: noContent, ...errors(403, 404, 409) },
});

export const reassignPortfolios = defineRoute({
  id: 'reassignPortfolios',
  method: 'POST',
  path: '/firms/{id}/users/{advisor_id}/reassign-portfolios',
  summary: 'Give every portfolio a user advises to another advisor, in one step (ADMINISTRATOR)',
  tags: ['firm administration'],
  params: firmUserParams,
  body: PortfolioReassignmentSchema,
  responses: { 200: PortfolioReassignmentResultSchema, ...errors(400, 403, 404) },
});

export const listAuditEvents = defineRoute({
  id: 'listAuditEvents',
  method: 'GET',
  path: '/firms/{id}/audit-events',
  summary: "The firm's audit trail, newest first (ADMINISTRATOR)",
  tags: ['firm administration'],
  params: firmParams,
  query: PageQuerySchema,
  responses: { 200: pagedListSchema(AuditEventSchema), ...errors(400, 403, 404) },
});

export const changeCustodian = defineRoute({
  id: 'changeCustodian',
  method: 'PATCH',
  path: '/custodians/{id}',
  summary:
    'Change how the firm offers a custodian; an inactive one is not offered for new accounts (ADMINISTRATOR)',
  tags: ['custodians'],
  params: z.object({ id: IdSchema }),
  body: CustodianChangeSchema,
  responses: { 200: CustodianSchema, ...errors(400, 403, 404) },
});
