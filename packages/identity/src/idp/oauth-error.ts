/** The error codes of RFC 6749 §5.2 (token endpoint) and RFC 6750 §3.1 (bearer tokens). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'server_error';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_token: 401,
  insufficient_scope: 403,
  server_error: 500,
};

/**
 * A refusal at the OAuth endpoints, answered as `{error, error_description}`: these are called by
 * OAuth client libraries, not the SDK, so they speak OAuth's error format, not the SDK's.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly code: OAuthErrorCode;

  constructor(code: OAuthErrorCode, description: string) {
    super(description);
    this.code = code;
  }

  get status(): number {
    return STATUS[this.code];
  }
}
