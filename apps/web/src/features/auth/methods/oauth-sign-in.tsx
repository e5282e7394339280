import { OAuthProviders } from '@stytch/vanilla-js/headless';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { MethodButton } from './method-button.tsx';

export type OAuthProviderName = (typeof OAuthProviders)[keyof typeof OAuthProviders];

const SDK_PROVIDERS: readonly string[] = Object.values(OAuthProviders);

/**
 * The sign-in client starts OAuth only through one method per provider it knows by name
 * (`client.oauth.google.start`, …), so a provider the server calls by another name cannot be
 * started from the browser.
 */
export function isSdkOAuthProvider(name: string): name is OAuthProviderName {
  return SDK_PROVIDERS.includes(name);
}

// Names whose usual spelling is not the lower-case name with a capital first letter.
const DISPLAY_NAMES: Partial<Record<OAuthProviderName, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

export function oauthProviderLabel(name: OAuthProviderName): string {
  return DISPLAY_NAMES[name] ?? `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * Sends the browser to the provider through the identity service, which returns it to the login
 * page with `stytch_token_type=oauth`, where link-landing finishes the sign-in.
 */
export function OAuthSignIn({ provider, label }: { provider: OAuthProviderName; label: string }) {
  const { client } = useSession();
  const landing = `${window.location.origin}${paths.login}`;
  return (
    <MethodButton
      label={label}
      pendingLabel={`Opening ${oauthProviderLabel(provider)}…`}
      signIn={() =>
        client.oauth[provider].start({
          login_redirect_url: landing,
          signup_redirect_url: landing,
        })
      }
    />
  );
}
