import type { Db } from '@ballast/db';
import { IdentityError } from '../identity-error.ts';
import type { Project } from '../protocol/projects.ts';
import type { AuthenticationFactor } from '../sessions/authentication-factor.ts';
import { hasProvedSecondFactor, type SessionService } from '../sessions/session-service.ts';
import { getProtocolUser, type ProtocolUser } from '../users/protocol-user.ts';
import { issueAuthorizationCode } from './authorization-codes.ts';
import { type ConnectedApp, type ConnectedApps, checkRedirectUri } from './connected-apps.ts';
import { findGrantedScopes, isConsentRequired, recordConsent } from './consents.ts';
import { grantableScopes, type ScopeResult, scopeResultsFor } from './scopes.ts';
import { isS256Challenge } from './token-request.ts';

export type AuthorizeDependencies = {
  db: Db;
  apps: ConnectedApps;
  project: Project;
  sessions: SessionService;
};

/** The fields of an authorization request, as the SDK's `idp` calls send them. */
export type AuthorizationRequest = {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scopes: string[];
  prompt?: string | undefined;
};

export type SubmitRequest = AuthorizationRequest & {
  consent_granted: boolean;
  state?: string | undefined;
  nonce?: string | undefined;
  code_challenge?: string | undefined;
};

/** The client as the SDK's `ConnectedAppPublic` shows it. */
export type ConnectedAppPublic = {
  client_id: string;
  client_type: string;
  client_name: string;
  client_description: string;
  client_logo_url?: string;
};

/** The answer of `POST /idp/oauth/authorize/start`, what a consent screen needs. */
export type AuthorizeStartResult = {
  user_id: string;
  user: ProtocolUser;
  client: ConnectedAppPublic;
  consent_required: boolean;
  scope_results: ScopeResult[];
};

type Checked = {
  app: ConnectedApp;
  redirectUri: string;
  prompts: ReadonlySet<string>;
  user: ProtocolUser;
  session: { id: string; startedAt: Date };
  scopeResults: ScopeResult[];
  scopes: string[];
  isConsentNeeded: boolean;
};

const PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);

/**
 * Everything both calls check, each time, since submit must not trust what start saw: a known
 * app, its exact redirect URI, `response_type=code`, a live session of the user's own (not an
 * impersonation) that has proved any second factor the user has, and which scopes may be granted.
 */
async function checkRequest(
  deps: AuthorizeDependencies,
  sessionToken: string | undefined,
  request: AuthorizationRequest,
): Promise<Checked> {
  const app = deps.apps.get(request.client_id);
  const redirectUri = checkRedirectUri(app.redirectUris, request.redirect_uri);
  if (request.response_type !== 'code') {
    throw new IdentityError('bad_request', 'response_type must be code.');
  }
  const prompts = readPrompts(request.prompt);
  if (!sessionToken) throw new IdentityError('session_not_found');
  const session = await deps.sessions.findLive(sessionToken);
  if (session.impersonatorId) {
    throw new IdentityError(
      'unauthorized_action',
      'An impersonated session cannot connect apps to the account.',
    );
  }
  const user = await getProtocolUser(deps.db, session.userId);
  const factors = session.authenticationFactors as AuthenticationFactor[];
  if (user.totps.some((totp) => totp.verified) && !hasProvedSecondFactor(factors)) {
    throw new IdentityError(
      'unauthorized_action',
      'Enter your authenticator code before connecting an app.',
    );
  }
  const scopes = grantableScopes(app.scopes, request.scopes);
  // A grant of nothing would still tell the app who the user is, without asking anyone.
  if (scopes.length === 0) {
    throw new IdentityError('bad_request', 'None of the requested scopes can be granted.');
  }
  const granted = app.firstParty
    ? new Set<string>()
    : await findGrantedScopes(deps.db, user.user_id, app.clientId);
  return {
    app,
    redirectUri,
    prompts,
    user,
    session: { id: session.id, startedAt: session.startedAt },
    scopeResults: scopeResultsFor(app.scopes, request.scopes),
    scopes,
    isConsentNeeded: isConsentRequired({ app, granted, scopes, prompts }),
  };
}

/** OpenID Connect `prompt`: space-separated, known values, `none` alone (Core §3.1.2.1). */
function readPrompts(prompt: string | undefined): ReadonlySet<string> {
  const prompts = new Set((prompt ?? '').split(' ').filter(Boolean));
  for (const value of prompts) {
    if (!PROMPTS.has(value)) throw new IdentityError('bad_request', `prompt ${value} is unknown.`);
  }
  if (prompts.has('none') && prompts.size > 1) {
    throw new IdentityError('bad_request', 'prompt=none cannot be combined with other values.');
  }
  return prompts;
}

export function toConnectedAppPublic(app: ConnectedApp): ConnectedAppPublic {
  return {
    client_id: app.clientId,
    // Stytch's four client types: who made the app, and whether it can keep a secret.
    client_type: `${app.firstParty ? 'first_party' : 'third_party'}${app.clientType === 'public' ? '_public' : ''}`,
    client_name: app.name,
    client_description: app.description,
    ...(app.logoUrl ? { client_logo_url: app.logoUrl } : {}),
  };
}

/**
 * `POST /idp/oauth/authorize/start`. Under `prompt=none` no screen may be shown, so consent is
 * reported as not required and submit answers `error=consent_required` if it was.
 */
export async function startAuthorization(
  deps: AuthorizeDependencies,
  sessionToken: string | undefined,
  request: AuthorizationRequest,
): Promise<AuthorizeStartResult> {
  const checked = await checkRequest(deps, sessionToken, request);
  return {
    user_id: checked.user.user_id,
    user: checked.user,
    client: toConnectedAppPublic(checked.app),
    consent_required: checked.isConsentNeeded && !checked.prompts.has('none'),
    scope_results: checked.scopeResults,
  };
}

/**
 * `POST /idp/oauth/authorize/submit`: the redirect back to the app, with a code or an error.
 * When consent is not needed (a first-party app, or scopes granted before) a code is issued
 * whatever `consent_granted` says, because the SDK's own consent screen then submits without
 * asking, with `consent_granted: false`.
 */
export async function submitAuthorization(
  deps: AuthorizeDependencies,
  sessionToken: string | undefined,
  request: SubmitRequest,
): Promise<{ redirect_uri: string; authorization_code?: string }> {
  const checked = await checkRequest(deps, sessionToken, request);
  const { app, user } = checked;
  if (request.code_challenge !== undefined && !isS256Challenge(request.code_challenge)) {
    throw new IdentityError(
      'bad_request',
      'code_challenge must be an S256 challenge: 43 base64url characters.',
    );
  }
  if (app.clientType === 'public' && request.code_challenge === undefined) {
    throw new IdentityError('pkce_required_for_idp_authorization_flow');
  }

  if (checked.isConsentNeeded) {
    if (checked.prompts.has('none')) {
      return {
        redirect_uri: errorRedirect(checked.redirectUri, 'consent_required', request.state),
      };
    }
    if (!request.consent_granted) {
      return { redirect_uri: errorRedirect(checked.redirectUri, 'access_denied', request.state) };
    }
    await recordConsent(deps.db, deps.project, {
      userId: user.user_id,
      clientId: app.clientId,
      scopes: checked.scopes,
    });
  }

  const code = await issueAuthorizationCode(deps.db, deps.project, {
    clientId: app.clientId,
    redirectUri: checked.redirectUri,
    scopes: checked.scopes,
    userId: user.user_id,
    sessionId: checked.session.id,
    authTime: checked.session.startedAt.toISOString(),
    nonce: request.nonce,
    codeChallenge: request.code_challenge,
  });
  const back = new URL(checked.redirectUri);
  back.searchParams.set('code', code);
  if (request.state !== undefined) back.searchParams.set('state', request.state);
  return { redirect_uri: back.toString(), authorization_code: code };
}

/** RFC 6749 §4.1.2.1: the error, and the state the app sent, on its own redirect URI. */
function errorRedirect(redirectUri: string, error: string, state: string | undefined): string {
  const back = new URL(redirectUri);
  back.searchParams.set('error', error);
  back.searchParams.set(
    'error_description',
    error === 'access_denied' ? 'The user declined.' : 'The user must be asked for consent.',
  );
  if (state !== undefined) back.searchParams.set('state', state);
  return back.toString();
}
