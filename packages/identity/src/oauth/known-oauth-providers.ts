/**
 * Where a provider that is not OpenID Connect keeps each fact in its user-info answer. `subject`
 * is required; a provider whose answer has no verified-email flag never links by e-mail.
 */
export type ProfileFields = {
  subject: string;
  email?: string;
  emailVerified?: string;
  picture?: string;
  locale?: string;
  givenName?: string;
  familyName?: string;
};

/** What we know about a provider before the project adds its client id and secret. */
export type KnownOAuthProvider =
  | {
      protocol: 'oidc';
      /** Discovery starts at `${issuer}/.well-known/openid-configuration`. */
      issuer: string;
      scopes: readonly string[];
      /** Apple answers with a POST when it is asked for the e-mail address. */
      responseMode?: 'form_post';
    }
  | {
      protocol: 'oauth2';
      authorizationEndpoint: string;
      tokenEndpoint: string;
      userinfoEndpoint: string;
      scopes: readonly string[];
      fields: ProfileFields;
      /**
       * GitHub's user answer shows only a public address and no flag; its list of addresses
       * says which are verified.
       */
      verifiedEmailsEndpoint?: string;
    };

/**
 * The providers a project may name without endpoints, keyed by the `{provider}` of the start URL
 * (the SDK's own names). Microsoft's `common` tenant is multi-tenant; openid-client checks each
 * ID token against the tenant it names. Microsoft sends no `email_verified`, so its address never
 * links to an existing account: Entra lets a tenant admin put any address there.
 */
export const KNOWN_OAUTH_PROVIDERS: Readonly<Record<string, KnownOAuthProvider>> = {
  google: {
    protocol: 'oidc',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
  },
  microsoft: {
    protocol: 'oidc',
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: ['openid', 'email', 'profile'],
  },
  apple: {
    protocol: 'oidc',
    issuer: 'https://appleid.apple.com',
    scopes: ['openid', 'email', 'name'],
    responseMode: 'form_post',
  },
  gitlab: {
    protocol: 'oidc',
    issuer: 'https://gitlab.com',
    scopes: ['openid', 'email', 'profile'],
  },
  salesforce: {
    protocol: 'oidc',
    issuer: 'https://login.salesforce.com',
    scopes: ['openid', 'email', 'profile'],
  },
  slack: {
    protocol: 'oidc',
    issuer: 'https://slack.com',
    scopes: ['openid', 'email', 'profile'],
  },
  linkedin: {
    protocol: 'oidc',
    issuer: 'https://www.linkedin.com/oauth',
    scopes: ['openid', 'email', 'profile'],
  },
  yahoo: {
    protocol: 'oidc',
    issuer: 'https://api.login.yahoo.com',
    scopes: ['openid', 'email', 'profile'],
  },
  github: {
    protocol: 'oauth2',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    verifiedEmailsEndpoint: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    fields: { subject: 'id', picture: 'avatar_url' },
  },
  discord: {
    protocol: 'oauth2',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    fields: { subject: 'id', email: 'email', emailVerified: 'verified', locale: 'locale' },
  },
};
