import { SIGN_IN_ERROR_MESSAGES } from '@ballast/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { LinkLanding } from './link-landing.tsx';
import { SetUpSignInPage } from './set-up-sign-in-page.tsx';

/** A stand-in for the sign-in client: what each call was asked and what it answers. */
const identity = vi.hoisted(() => ({
  isAuthenticated: true,
  methods: ['password', 'email_link', 'passkey'],
  resetBySession: vi.fn<(options: unknown) => Promise<unknown>>(),
  register: vi.fn<(options: unknown) => Promise<unknown>>(),
  authenticate: vi.fn<(token: string, options: unknown) => Promise<unknown>>(),
}));

vi.mock('../../lib/session-context.tsx', () => ({
  useSession: () => ({
    config: { signIn: { sessionMinutes: 720, methods: identity.methods } },
    isAuthenticated: identity.isAuthenticated,
    user: { name: { first_name: 'Ada' } },
    client: {
      passwords: { resetBySession: identity.resetBySession },
      webauthn: { register: identity.register },
      magicLinks: { authenticate: identity.authenticate },
    },
  }),
}));

function renderAt(path: string, page: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path.split('?')[0]} element={page} />
        <Route path={paths.home} element={<p>Home page</p>} />
        <Route path={paths.login} element={<p>Login page</p>} />
        <Route path={paths.setUpSignIn} element={<p>Set-up page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function typePasswords(user: ReturnType<typeof userEvent.setup>, a: string, b: string) {
  await user.type(screen.getByLabelText('New password'), a);
  await user.type(screen.getByLabelText('Repeat the new password'), b);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('setting up a first sign-in (decision 022)', () => {
  beforeEach(() => {
    identity.isAuthenticated = true;
    identity.methods = ['password', 'email_link', 'passkey'];
    identity.resetBySession.mockReset().mockResolvedValue({});
    identity.register.mockReset().mockResolvedValue({});
    identity.authenticate.mockReset();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sets a password by the session the link opened, then goes home', async () => {
    const user = renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    expect(screen.getByRole('heading', { name: 'Set up your sign-in' })).toBeTruthy();
    expect(screen.getByText(/Welcome, Ada\./)).toBeTruthy();
    await typePasswords(user, 'Steady keels outlast storms 77', 'Steady keels outlast storms 77');
    await screen.findByText('Home page');
    expect(identity.resetBySession).toHaveBeenCalledWith({
      password: 'Steady keels outlast storms 77',
      session_duration_minutes: 720,
    });
  });

  it('shows the product §8 messages when the passwords differ or the password is weak', async () => {
    const user = renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    await typePasswords(user, 'one long phrase', 'another phrase');
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match.');
    expect(identity.resetBySession).not.toHaveBeenCalled();

    identity.resetBySession.mockRejectedValue({ error_type: 'weak_password', message: 'x' });
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.clear(screen.getByLabelText('New password'));
    await typePasswords(user, 'password', 'password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      SIGN_IN_ERROR_MESSAGES.weak_password,
    );
    expect(screen.queryByText('Home page')).toBeNull();
  });

  it('registers a passkey for this host instead, then goes home', async () => {
    const user = renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await screen.findByText('Home page');
    expect(identity.register).toHaveBeenCalledWith({
      domain: window.location.hostname,
      is_passkey: true,
      session_duration_minutes: 720,
    });
  });

  it('offers no passkey where the browser has none', () => {
    vi.unstubAllGlobals();
    renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeTruthy();
  });

  it('offers only the ways some firm offers (decision 023), and goes home when that is none', async () => {
    identity.methods = ['email_link', 'passkey'];
    renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    expect(screen.getByRole('heading', { name: 'A passkey' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
    cleanup();

    identity.methods = ['email_link', 'email_code'];
    renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    await screen.findByText('Home page');
  });

  it('sends someone who is not signed in to the login page', async () => {
    identity.isAuthenticated = false;
    renderAt(paths.setUpSignIn, <SetUpSignInPage />);
    await screen.findByText('Login page');
  });
});

describe('landing from an e-mailed link', () => {
  afterEach(cleanup);

  const landing = (token: string) => (
    <LinkLanding token={{ type: 'magic_links', token, providerError: null }} />
  );

  it('takes a person with neither a password nor a passkey to set one up', async () => {
    identity.authenticate.mockResolvedValue({
      user: { password: null, webauthn_registrations: [] },
    });
    renderAt('/landing', landing('invitation-token-1'));
    await screen.findByText('Set-up page');
    expect(identity.authenticate).toHaveBeenCalledWith('invitation-token-1', {
      session_duration_minutes: 720,
    });
  });

  it('signs in as before a person who has a password', async () => {
    identity.authenticate.mockResolvedValue({
      user: { password: { password_id: 'p', requires_reset: false }, webauthn_registrations: [] },
    });
    renderAt('/landing', landing('sign-in-token-2'));
    await screen.findByText('Login page');
  });
});
