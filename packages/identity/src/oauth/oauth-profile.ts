import type { ProfileFields } from './known-oauth-providers.ts';

/** What a provider told us about the person, reduced to what the service keeps. */
export type OAuthProfile = {
  subject: string;
  /**
   * Present only when the provider vouches that the address is the person's. An unverified
   * address is dropped: stored, it would let whoever typed it at the provider claim the account
   * its real owner signs up for later.
   */
  verifiedEmail: string | undefined;
  pictureUrl: string;
  locale: string;
  givenName: string;
  familyName: string;
};

/** The standard claim names of an ID token and of OpenID Connect user info. */
export const OIDC_FIELDS: ProfileFields = {
  subject: 'sub',
  email: 'email',
  emailVerified: 'email_verified',
  picture: 'picture',
  locale: 'locale',
  givenName: 'given_name',
  familyName: 'family_name',
};

/**
 * Reads a profile out of claims or a user-info answer, or undefined when there is no subject.
 * Each value is checked, as the provider's answer is data from outside.
 */
export function readProfile(
  claims: Readonly<Record<string, unknown>>,
  fields: ProfileFields,
): OAuthProfile | undefined {
  const subject = identifier(claims[fields.subject]);
  if (!subject) return undefined;
  const email = fields.email ? text(claims[fields.email], 320) : '';
  // Apple has sent the flag as the string "true"; anything else is not a yes.
  const verifiedFlag = fields.emailVerified ? claims[fields.emailVerified] : undefined;
  const isVerified = verifiedFlag === true || verifiedFlag === 'true';
  return {
    subject,
    verifiedEmail: email.includes('@') && isVerified ? email : undefined,
    pictureUrl: fields.picture ? webUrl(claims[fields.picture]) : '',
    locale: fields.locale ? text(claims[fields.locale], 35) : '',
    givenName: fields.givenName ? text(claims[fields.givenName], 100) : '',
    familyName: fields.familyName ? text(claims[fields.familyName], 100) : '',
  };
}

/** Among GitHub-style `{email, verified, primary}` entries, the primary verified one first. */
export function pickVerifiedEmail(entries: unknown): string | undefined {
  if (!Array.isArray(entries)) return undefined;
  const verified = entries.filter(
    (entry): entry is { email: string; primary?: unknown } =>
      typeof entry === 'object' &&
      entry !== null &&
      'email' in entry &&
      typeof entry.email === 'string' &&
      entry.email.includes('@') &&
      'verified' in entry &&
      entry.verified === true,
  );
  const chosen = verified.find((entry) => entry.primary === true) ?? verified[0];
  return chosen ? text(chosen.email, 320) : undefined;
}

function identifier(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.length > 0 && value.length <= 255) return value;
  return '';
}

function text(value: unknown, maxLength: number): string {
  return typeof value === 'string' && value.length <= maxLength ? value : '';
}

/** Only an http(s) URL can reach a page as a picture; anything else (`javascript:`) is dropped. */
function webUrl(value: unknown): string {
  const candidate = text(value, 2048);
  if (!candidate) return '';
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}
