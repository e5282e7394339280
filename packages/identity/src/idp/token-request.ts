import { OAuthError } from './oauth-error.ts';

export type ClientCredentials = {
  clientId: string;
  /** Absent for a public client, which proves nothing here and relies on PKCE. */
  clientSecret: string | undefined;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
};

export type TokenRequest = {
  grantType: string;
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
  client: ClientCredentials;
};

const FIELDS = [
  'grant_type',
  'code',
  'redirect_uri',
  'code_verifier',
  'client_id',
  'client_secret',
] as const;
type Field = (typeof FIELDS)[number];

/**
 * A token request as OAuth clients send it: a form (RFC 6749 §4.1.3) or, as some libraries do,
 * JSON; the client's credentials in a Basic header or in the body, never both (§2.3).
 */
export function readTokenRequest(authorization: string | undefined, body: unknown): TokenRequest {
  const fields = readFields(body);
  const basic = authorization?.startsWith('Basic ')
    ? readBasicCredentials(authorization.slice('Basic '.length))
    : undefined;
  if (authorization && !basic) {
    throw new OAuthError('invalid_client', 'Only Basic client authentication is supported.');
  }
  if (basic && fields.client_secret !== undefined) {
    throw new OAuthError('invalid_request', 'Authenticate the client one way, not two.');
  }
  if (basic && fields.client_id !== undefined && fields.client_id !== basic.clientId) {
    throw new OAuthError('invalid_request', 'client_id differs from the authenticated client.');
  }
  const grantType = fields.grant_type;
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is missing.');
  const clientId = basic?.clientId ?? fields.client_id;
  if (!clientId) throw new OAuthError('invalid_client', 'The client is not identified.');
  const client: ClientCredentials = basic
    ? { clientId, clientSecret: basic.clientSecret, method: 'client_secret_basic' }
    : fields.client_secret !== undefined
      ? { clientId, clientSecret: fields.client_secret, method: 'client_secret_post' }
      : { clientId, clientSecret: undefined, method: 'none' };
  return {
    grantType,
    code: fields.code,
    redirectUri: fields.redirect_uri,
    codeVerifier: fields.code_verifier,
    client,
  };
}

function readFields(body: unknown): Partial<Record<Field, string>> {
  const fields: Partial<Record<Field, string>> = {};
  if (body instanceof URLSearchParams) {
    for (const field of FIELDS) {
      const values = body.getAll(field);
      // RFC 6749 §3.2: a parameter sent twice makes the request ambiguous.
      if (values.length > 1) throw new OAuthError('invalid_request', `${field} is repeated.`);
      // An empty value counts as absent (RFC 6749 §3.1).
      if (values[0]) fields[field] = values[0];
    }
    return fields;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'Send the parameters as a form.');
  }
  const record = body as Record<string, unknown>;
  for (const field of FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string')
      throw new OAuthError('invalid_request', `${field} must be text.`);
    fields[field] = value;
  }
  return fields;
}

/**
 * `Basic base64(client_id:client_secret)`, each part form-urlencoded first (RFC 6749 §2.3.1).
 * Malformed credentials are the client failing to authenticate.
 */
function readBasicCredentials(encoded: string): { clientId: string; clientSecret: string } {
  const decoded = Buffer.from(encoded.trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw new OAuthError('invalid_client', 'The Basic credentials are malformed.');
  try {
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    throw new OAuthError('invalid_client', 'The Basic credentials are malformed.');
  }
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export function isCodeVerifier(value: string): boolean {
  return CODE_VERIFIER.test(value);
}

/** RFC 7636 §4.2, S256: base64url of a SHA-256 digest, always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isS256Challenge(value: string): boolean {
  return S256_CHALLENGE.test(value);
}
