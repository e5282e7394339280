import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityServices } from '../identity-services.ts';
import { claimToken, findLiveToken, issueToken, type OneTimeToken } from '../one-time-tokens.ts';
import type { Project } from '../protocol/projects.ts';
import { requireSessionToken, type SdkCall, sdkRoute } from '../protocol/sdk-route.ts';
import { projectFor } from '../redirect-urls.ts';
import { factor } from '../sessions/authentication-factor.ts';
import { getProtocolUser } from '../users/protocol-user.ts';
import {
  challengeOf,
  parseAuthenticationCredential,
  parseRegistrationCredential,
} from '../webauthn/credential-json.ts';
import {
  advanceSignCount,
  findRegistrationByCredential,
  insertRegistration,
  listRegistrations,
  renameRegistration,
  toProtocolRegistration,
  type WebauthnRegistrationRow,
} from '../webauthn/registrations.ts';
import { type RelyingParty, resolveRelyingParty } from '../webauthn/relying-party.ts';
import { sdkExtras, sessionMinutesField } from './fields.ts';

/** How long a ceremony may take, from its options to the browser's answer. */
const CEREMONY_MINUTES = 5;

/** What a ceremony's start remembers for its end, in the challenge token's `details`. */
const CeremonySchema = z.object({
  purpose: z.enum(['register', 'authenticate']),
  rpId: z.string(),
  origin: z.string(),
  userAgent: z.string().default(''),
  isPasskey: z.boolean().default(false),
});
type Ceremony = z.infer<typeof CeremonySchema>;

const credentialField = z.string().min(1).max(32_768);

/**
 * EdDSA, ES256 and RS256 (COSE ids), the library's defaults minus ML-DSA-44, which it adds when
 * the runtime has it: Node's ML-DSA is still experimental, and no browser authenticator makes it.
 */
const SUPPORTED_ALGORITHMS = [-8, -7, -257];

export function registerWebauthnRoutes(app: FastifyInstance, services: IdentityServices): void {
  const { db, limits } = services.options;

  function relyingPartyOf(request: FastifyRequest, domain: string | undefined): RelyingParty {
    const header = request.headers['x-sdk-parent-host'];
    return resolveRelyingParty(
      { ...services.options, project: projectFor(services.options, request) },
      typeof header === 'string' ? header : undefined,
      domain,
    );
  }

  async function startCeremony(
    project: Project,
    challenge: string,
    ceremony: Ceremony,
    userId: string | undefined,
  ): Promise<void> {
    await issueToken(db, project, {
      kind: 'webauthn_challenge',
      secret: challenge,
      minutes: CEREMONY_MINUTES,
      ...(userId ? { userId } : {}),
      details: ceremony,
    });
  }

  /**
   * Finds the ceremony whose challenge the browser signed and uses it up before anything is
   * verified, so each challenge is answered at most once, right or wrong. `refusal` is the error
   * for a challenge that is unknown, expired, used or of the other purpose.
   */
  async function redeemCeremony(
    project: Project,
    clientDataJSON: string,
    purpose: Ceremony['purpose'],
    refusal: 'no_pending_webauthn_registration' | 'unable_to_auth_webauthn_registration',
  ): Promise<{ token: OneTimeToken; ceremony: Ceremony; challenge: string }> {
    const challenge = challengeOf(clientDataJSON);
    const token = await findLiveToken(db, project, 'webauthn_challenge', challenge);
    const ceremony = CeremonySchema.safeParse(token?.details);
    if (!token || !ceremony.success || ceremony.data.purpose !== purpose) {
      throw new IdentityError(refusal);
    }
    if (!(await claimToken(db, token.id))) throw new IdentityError(refusal);
    return { token, ceremony: ceremony.data, challenge };
  }

  sdkRoute(
    app,
    services,
    'POST',
    '/webauthn/register/start',
    z.object({
      domain: z.string().min(1).max(253).optional(),
      authenticator_type: z.enum(['platform', 'cross-platform']).optional(),
      return_passkey_credential_options: z.boolean().optional(),
      override_id: z.string().max(256).optional(),
      override_name: z.string().max(256).optional(),
      override_display_name: z.string().max(256).optional(),
      user_agent: z.string().max(1024).optional(),
      use_base64_url_encoding: z.boolean().optional(),
    }),
    async (call) => {
      const session = await call.sessions.findLive(requireSessionToken(call));
      // Someone acting as the user must not leave a way back in behind them.
      if (session.impersonatorId) throw new IdentityError('unauthorized_action');
      await services.rates.hit(`webauthn:start:${call.context.ipAddress}`, 30, 60);
      const rp = relyingPartyOf(call.request, call.body.domain);
      const user = await getProtocolUser(db, session.userId);
      const existing = await listRegistrations(db, user.user_id, rp.id);
      const fullName = [user.name.first_name, user.name.middle_name, user.name.last_name]
        .filter(Boolean)
        .join(' ');
      const userName =
        call.body.override_name ??
        user.emails[0]?.email ??
        user.phone_numbers[0]?.phone_number ??
        user.user_id;
      const isPasskey = call.body.return_passkey_credential_options === true;
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        // The user handle is always our user id (override_id is not honoured): a discoverable
        // credential hands it back at sign-in, where it is checked against the credential's owner.
        userID: new TextEncoder().encode(user.user_id),
        userName,
        userDisplayName: call.body.override_display_name ?? (fullName || userName),
        timeout: CEREMONY_MINUTES * 60_000,
        attestationType: 'none',
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        authenticatorSelection: {
          residentKey: isPasskey ? 'required' : 'discouraged',
          requireResidentKey: isPasskey,
          userVerification: 'preferred',
          ...(call.body.authenticator_type
            ? { authenticatorAttachment: call.body.authenticator_type }
            : {}),
        },
      });
      await startCeremony(
        call.project,
        options.challenge,
        {
          purpose: 'register',
          rpId: rp.id,
          origin: rp.origin,
          userAgent: (call.body.user_agent ?? call.context.userAgent).slice(0, 512),
          isPasskey,
        },
        user.user_id,
      );
      return {
        user_id: user.user_id,
        public_key_credential_creation_options: JSON.stringify(options),
      };
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/webauthn/register',
    z.object({
      public_key_credential: credentialField,
      session_duration_minutes: sessionMinutesField,
    }),
    async (call) => {
      const session = await call.sessions.findLive(requireSessionToken(call));
      if (session.impersonatorId) throw new IdentityError('unauthorized_action');
      const credential = parseRegistrationCredential(call.body.public_key_credential);
      const { token, ceremony, challenge } = await redeemCeremony(
        call.project,
        credential.response.clientDataJSON,
        'register',
        'no_pending_webauthn_registration',
      );
      if (token.userId !== session.userId) {
        throw new IdentityError('no_pending_webauthn_registration');
      }
      const verification = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: ceremony.rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      }).catch(() => undefined);
      if (!verification?.verified) {
        throw new IdentityError('unable_to_register_webauthn_registration');
      }
      const { credential: verified } = verification.registrationInfo;
      const registration = await insertRegistration(db, call.project, {
        userId: session.userId,
        credentialId: verified.id,
        publicKey: verified.publicKey,
        signCount: verified.counter,
        transports: verified.transports ?? [],
        name: defaultName(ceremony.isPasskey),
        domain: ceremony.rpId,
        userAgent: ceremony.userAgent,
      });
      const grant = await call.sessions.signIn({
        userId: session.userId,
        factor: webauthnFactor(registration),
        // The SDK may send no duration here; registering a passkey then keeps the session's.
        durationMinutes:
          call.body.session_duration_minutes ??
          remainingMinutes(session.expiresAt, limits.sessionDurationMinutes.max),
        currentToken: call.sessionToken,
        context: call.context,
      });
      return { ...grant, webauthn_registration_id: registration.id };
    },
  );

  /**
   * Options for `navigator.credentials.get`. With a user, only their credentials for this RP ID
   * are offered; without one the list is empty, so the browser offers discoverable credentials.
   */
  async function startAuthentication(
    call: SdkCall<{ domain?: string | undefined }>,
    userId: string | undefined,
  ): Promise<object> {
    await services.rates.hit(`webauthn:start:${call.context.ipAddress}`, 30, 60);
    const rp = relyingPartyOf(call.request, call.body.domain);
    const registrations = userId ? await listRegistrations(db, userId, rp.id) : [];
    if (userId && registrations.length === 0) {
      throw new IdentityError('no_active_webauthn_registrations');
    }
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: registrations.map((row) => ({
        id: row.credentialId,
        transports: row.transports,
      })),
      userVerification: 'preferred',
      timeout: CEREMONY_MINUTES * 60_000,
    });
    await startCeremony(
      call.project,
      options.challenge,
      { purpose: 'authenticate', rpId: rp.id, origin: rp.origin, userAgent: '', isPasskey: false },
      userId,
    );
    return {
      // Typed by the SDK as camelCase `userId` and never read; empty when nobody is signed in.
      userId: userId ?? '',
      public_key_credential_request_options: JSON.stringify(options),
    };
  }

  const startBody = z.object({
    domain: z.string().min(1).max(253).optional(),
    return_passkey_credential_options: z.boolean().optional(),
  });

  sdkRoute(app, services, 'POST', '/webauthn/authenticate/start/primary', startBody, (call) =>
    startAuthentication(call, undefined),
  );

  // The SDK picks /secondary from its cached session, which may have ended meanwhile: a caller
  // without a live session is then served as /primary rather than refused.
  sdkRoute(
    app,
    services,
    'POST',
    '/webauthn/authenticate/start/secondary',
    startBody,
    async (call) => {
      const session = call.sessionToken
        ? await call.sessions.findLive(call.sessionToken).catch((error: unknown) => {
            if (error instanceof IdentityError) return undefined;
            throw error;
          })
        : undefined;
      return startAuthentication(call, session?.userId);
    },
  );

  sdkRoute(
    app,
    services,
    'POST',
    '/webauthn/authenticate',
    z.object({
      public_key_credential: credentialField,
      session_duration_minutes: sessionMinutesField,
      ...sdkExtras,
    }),
    async (call) => {
      await services.rates.hit(`webauthn:redeem:${call.context.ipAddress}`, 60, 60);
      const credential = parseAuthenticationCredential(call.body.public_key_credential);
      const { token, ceremony, challenge } = await redeemCeremony(
        call.project,
        credential.response.clientDataJSON,
        'authenticate',
        'unable_to_auth_webauthn_registration',
      );
      const registration = await findRegistrationByCredential(db, call.project, credential.id);
      if (!registration) throw new IdentityError('webauthn_registration_not_found');
      const userHandle = credential.response.userHandle;
      if (
        (token.userId && token.userId !== registration.userId) ||
        registration.domain !== ceremony.rpId ||
        (userHandle !== undefined &&
          Buffer.from(userHandle, 'base64url').toString('utf8') !== registration.userId)
      ) {
        throw new IdentityError('unable_to_auth_webauthn_registration');
      }
      // Throws on a bad signature, origin, RP ID or a signature counter that did not advance.
      const verification = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: ceremony.origin,
        expectedRPID: registration.domain,
        credential: {
          id: registration.credentialId,
          publicKey: new Uint8Array(registration.publicKey),
          counter: registration.signCount,
          transports: registration.transports,
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      if (
        !verification?.verified ||
        !(await advanceSignCount(db, registration, verification.authenticationInfo.newCounter))
      ) {
        throw new IdentityError('unable_to_auth_webauthn_registration');
      }
      const grant = await call.sessions.signIn({
        userId: registration.userId,
        factor: webauthnFactor(registration),
        durationMinutes: call.body.session_duration_minutes,
        currentToken: call.sessionToken,
        context: call.context,
      });
      return { ...grant, webauthn_registration_id: registration.id };
    },
  );

  sdkRoute(
    app,
    services,
    'PUT',
    '/webauthn/update/:webauthn_registration_id',
    z.object({ name: z.string().max(256) }),
    async (call) => {
      const session = await call.sessions.findLive(requireSessionToken(call));
      const name = call.body.name.trim();
      if (!name) throw new IdentityError('empty_webauthn_registration_name');
      const row = await renameRegistration(
        db,
        session.userId,
        call.params.webauthn_registration_id ?? '',
        name,
      );
      return { webauthn_registration: toProtocolRegistration(row) };
    },
  );
}

function webauthnFactor(registration: WebauthnRegistrationRow) {
  return factor('webauthn', 'webauthn_registration', {
    webauthn_factor: {
      webauthn_registration_id: registration.id,
      domain: registration.domain,
      user_agent: registration.userAgent,
    },
  });
}

/** A name to tell registrations apart until the user picks one (PUT /webauthn/update). */
function defaultName(isPasskey: boolean): string {
  return `${isPasskey ? 'Passkey' : 'Security key'} added ${new Date().toISOString().slice(0, 10)}`;
}

/** What is left of a session, as a duration signIn accepts (at least 5 minutes, at most max). */
function remainingMinutes(expiresAt: Date, max: number): number {
  return Math.min(max, Math.max(5, Math.ceil((expiresAt.getTime() - Date.now()) / 60_000)));
}
