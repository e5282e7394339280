import { verifyMessage } from 'ethers';
import { isValidISO8601Date, SiweErrorType, SiweMessage } from 'siwe';
import { z } from 'zod';
import { IdentityError } from '../identity-error.ts';
import type { IdentityOptions } from '../identity-options.ts';

/**
 * `siwe_params` exactly as SDK 6.3.0 sends them (`SIWEParams`). There is no `domain`: the SDK
 * leaves it to the server, and `uri` defaults to the page's origin in the browser.
 */
export const SiweParamsSchema = z.object({
  uri: z.string().max(2048).optional(),
  chain_id: z.string().max(32).optional(),
  issued_at: z.string().max(64).optional(),
  statement: z.string().max(1024).optional(),
  not_before: z.string().max(64).optional(),
  message_request_id: z.string().max(256).optional(),
  resources: z.array(z.string().max(2048)).max(32).optional(),
});
export type SiweParams = z.infer<typeof SiweParamsSchema>;

/** The page that will ask the wallet to sign: its origin, scheme and SIWE domain (host[:port]). */
export type SigningPage = { origin: string; scheme: string; domain: string };

/**
 * Origins a Sign-In with Ethereum message may name: the project's own pages, i.e. the origins
 * it already trusts to call it from a browser (`corsOrigins`) and to receive its links
 * (redirect URLs). The domain is the one thing that stops phishing: a wallet warns when the page
 * asking for a signature is not the message's domain, so a message naming an attacker's site
 * would be signed there without a warning and then replayed here.
 */
export function allowedSigningOrigins({
  corsOrigins,
  project,
}: Pick<IdentityOptions, 'corsOrigins' | 'project'>): Set<string> {
  const urls = [
    ...corsOrigins,
    ...project.allowedRedirectUrls,
    project.defaultLoginRedirectUrl,
    project.defaultResetPasswordRedirectUrl,
  ];
  return new Set(urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin));
}

/**
 * The page the SDK reports in `X-SDK-Parent-Host` (its `window.location.origin`), if it is on the
 * allow-list. A browser also sends its own `Origin`, which scripts cannot set, so a page cannot
 * pass itself off as another; a caller outside a browser can claim any page, which is why the
 * allow-list, not the header, decides what a message may name.
 */
export function signingPageOf(
  headers: { parentHost: string | undefined; origin: string | undefined },
  allowed: ReadonlySet<string>,
): SigningPage {
  const refuse = (message: string) => new IdentityError('invalid_siwe_domain', message);
  if (!headers.parentHost || !URL.canParse(headers.parentHost)) {
    throw refuse('The X-SDK-Parent-Host header does not name the page asking for the message.');
  }
  const page = new URL(headers.parentHost);
  if (page.protocol !== 'https:' && page.protocol !== 'http:') {
    throw refuse('The page asking for the message is not a web page.');
  }
  if (headers.origin !== undefined && headers.origin !== page.origin) {
    throw refuse('X-SDK-Parent-Host does not match the Origin the browser sent.');
  }
  if (!allowed.has(page.origin)) throw new IdentityError('invalid_siwe_domain');
  return { origin: page.origin, scheme: page.protocol.slice(0, -1), domain: page.host };
}

// The character sets of EIP-4361's ABNF, checked up front so each field gets its own error.
const STATEMENT = /^[A-Za-z0-9 !#$&'()*+,\-./:;=?@[\]_~]+$/;
const REQUEST_ID = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
// URL parsing silently drops tabs and line breaks, which would let a value add lines of its own
// to the message; a URI here must be printable ASCII without spaces before it is parsed at all.
const URI_CHARACTERS = /^[\x21-\x7e]+$/;

function isUriOn(value: string, allowed?: ReadonlySet<string>): boolean {
  if (!URI_CHARACTERS.test(value) || !URL.canParse(value)) return false;
  return allowed === undefined || allowed.has(new URL(value).origin);
}

function timeField(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isValidISO8601Date(value)) {
    throw new IdentityError('bad_request', `siwe_params.${name}: must be an RFC 3339 time`);
  }
  return value;
}

/**
 * The EIP-4361 message the wallet signs. The server fixes the domain (the page), the nonce and
 * the expiration; the caller may choose the URI (on an allowed origin), chain, statement,
 * request id, resources, issued-at and not-before. The scheme is written only when it is not
 * https, which EIP-4361 makes the default.
 */
export function composeSiweChallenge(input: {
  page: SigningPage;
  allowed: ReadonlySet<string>;
  /** EIP-55 checksummed, as EIP-4361 requires. */
  address: string;
  params: SiweParams | undefined;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  const params = input.params ?? {};
  const uri = params.uri ?? input.page.origin;
  if (!isUriOn(uri, input.allowed)) throw new IdentityError('invalid_siwe_uri');
  const chainId = params.chain_id ?? '1';
  if (!/^[1-9]\d{0,14}$/.test(chainId)) throw new IdentityError('invalid_siwe_chain_id');
  const statement = params.statement === '' ? undefined : params.statement;
  if (statement !== undefined && !STATEMENT.test(statement)) {
    throw new IdentityError('invalid_siwe_statement');
  }
  if (params.resources?.some((resource) => !isUriOn(resource))) {
    throw new IdentityError('invalid_siwe_resource');
  }
  const requestId = params.message_request_id;
  if (requestId !== undefined && !REQUEST_ID.test(requestId)) {
    throw new IdentityError('invalid_siwe_message_request_id');
  }
  const notBefore = timeField('not_before', params.not_before);
  if (notBefore !== undefined && Date.parse(notBefore) >= input.expiresAt.getTime()) {
    throw new IdentityError(
      'bad_request',
      'siwe_params.not_before: is after the challenge expires',
    );
  }
  try {
    return new SiweMessage({
      scheme: input.page.scheme === 'https' ? undefined : input.page.scheme,
      domain: input.page.domain,
      address: input.address,
      statement,
      uri,
      version: '1',
      chainId: Number(chainId),
      nonce: input.nonce,
      issuedAt: timeField('issued_at', params.issued_at) ?? input.issuedAt.toISOString(),
      expirationTime: input.expiresAt.toISOString(),
      notBefore,
      requestId,
      resources: params.resources?.length ? params.resources : undefined,
    }).prepareMessage();
  } catch {
    // The library re-parses what it wrote; anything it still rejects is the caller's input.
    throw new IdentityError('bad_request', 'siwe_params do not form a valid SIWE message.');
  }
}

/** The nonce of a message this service composed. */
export function nonceOf(message: string): string {
  return new SiweMessage(message).nonce;
}

export type SignatureCheck = 'valid' | 'not_valid_yet' | 'expired' | 'wrong_signer';

// personal_sign answers 65 bytes; EIP-2098 compact signatures are 64.
const SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

/**
 * Whether `signature` is `address` signing `message` (EIP-191), and whether the message is inside
 * its validity window at `now`. Only messages this service composed and stored reach here, so
 * their domain and nonce are already bound; what is left to prove is the signer and the time.
 */
export async function checkSiweSignature(
  message: string,
  signature: string,
  expected: { address: string; now: Date },
): Promise<SignatureCheck> {
  // A malformed signature would make siwe print the parse error to the console; it is refused here.
  if (!SIGNATURE.test(signature)) return 'wrong_signer';
  // siwe tests the time window before the signature, so the signer is settled first: a stranger
  // must not learn anything about a wallet's challenge from the error a bad signature gets.
  let signer: string;
  try {
    signer = verifyMessage(message, signature);
  } catch {
    return 'wrong_signer';
  }
  if (signer.toLowerCase() !== expected.address.toLowerCase()) return 'wrong_signer';

  const parsed = new SiweMessage(message);
  const result = await parsed.verify(
    { signature, time: expected.now.toISOString() },
    { suppressExceptions: true },
  );
  if (result.success) return 'valid';
  if (result.error?.type === SiweErrorType.NOT_YET_VALID_MESSAGE) return 'not_valid_yet';
  if (result.error?.type === SiweErrorType.EXPIRED_MESSAGE) return 'expired';
  return 'wrong_signer';
}
