import { IdentityError } from '../identity-error.ts';
import type { SessionService } from '../sessions/session-service.ts';
import type { SigningKeys } from '../sessions/signing-keys.ts';
import { type ConnectedApps, checkRedirectUri } from './connected-apps.ts';
import { readIdTokenHint } from './idp-tokens.ts';

export type LogoutRequest = {
  client_id: string;
  post_logout_redirect_uri: string;
  state?: string | undefined;
  id_token_hint?: string | undefined;
};

/**
 * `POST /oauth/logout/start` (OpenID Connect RP-Initiated Logout): where to send the browser once
 * the page has signed the user out, and whether to ask first. The page does the signing out
 * (the SDK's `session.revoke`); this call only checks the redirect against the app's registered
 * post-logout URIs, so no app can use the logout page as an open redirect.
 *
 * The user is asked unless the app proved the logout is about this session, with an ID token we
 * issued it for the same session (RP-Initiated Logout §2 requires asking otherwise); without
 * this, any site could sign a user out by linking to the page. With nobody signed in there is
 * nothing to ask.
 */
export async function startLogout(
  deps: { apps: ConnectedApps; keys: SigningKeys; sessions: SessionService },
  sessionToken: string | undefined,
  request: LogoutRequest,
): Promise<{ redirect_uri: string; consent_required: boolean }> {
  const app = deps.apps.get(request.client_id);
  const back = new URL(
    checkRedirectUri(app.postLogoutRedirectUris, request.post_logout_redirect_uri),
  );
  if (request.state !== undefined) back.searchParams.set('state', request.state);

  const session = sessionToken
    ? await deps.sessions.findLive(sessionToken).catch((error: unknown) => {
        if (error instanceof IdentityError) return undefined;
        throw error;
      })
    : undefined;
  const hint = request.id_token_hint
    ? await readIdTokenHint(deps.keys, request.id_token_hint, app.clientId)
    : undefined;
  const isAboutThisSession =
    session !== undefined &&
    hint !== undefined &&
    hint.userId === session.userId &&
    hint.sessionId === session.id;
  return {
    redirect_uri: back.toString(),
    consent_required: session !== undefined && !isAboutThisSession,
  };
}
