import {
  type FirmSignInPolicy,
  getSignInPolicy,
  replaceSignInPolicy,
  SESSION_MINUTES_TOO_SHORT,
  SIGN_IN_METHOD_REQUIRED,
  type SignInPolicy,
} from '@ballast/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, resetFakeApi } from './fake-api.fixture.ts';

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));
vi.mock('../../components/toast/notify.tsx', () => ({ notify: () => undefined }));

let policy: FirmSignInPolicy;

describe('the sign-in policy section', () => {
  beforeEach(() => {
    resetFakeApi();
    policy = {
      methods: ['password', 'passkey'],
      second_factor_roles: [],
      session_minutes: 480,
      available_methods: ['password', 'email_link', 'passkey'],
      max_session_minutes: 1440,
    };
    answer(getSignInPolicy, () => policy);
    answer(replaceSignInPolicy, ({ body }) => {
      policy = { ...policy, ...(body as SignInPolicy) };
      return policy;
    });
  });
  afterEach(cleanup);

  it('offers only the installation’s methods, checks the policy with the contract’s messages, and saves it', async () => {
    const user = renderAdministration('/admin/sign-in');
    const password = await screen.findByRole('checkbox', { name: 'Password' });
    expect(
      screen
        .getAllByRole('checkbox', { name: /^(Password|E-mail link|Passkey|Text message)$/ })
        .map((box) => box.getAttribute('value')),
    ).toEqual(['password', 'email_link', 'passkey']);
    await user.click(password);
    await user.click(screen.getByRole('checkbox', { name: 'Passkey' }));
    const minutes = screen.getByLabelText('Sign-in lasts (minutes)');
    await user.clear(minutes);
    await user.type(minutes, '1');
    await user.click(screen.getByRole('button', { name: 'Save sign-in policy' }));
    expect(await screen.findByText(SIGN_IN_METHOD_REQUIRED)).toBeTruthy();
    expect(screen.getByText(SESSION_MINUTES_TOO_SHORT)).toBeTruthy();
    expect(callsOf(replaceSignInPolicy)).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'E-mail link' }));
    await user.click(screen.getByRole('checkbox', { name: 'Administrator' }));
    await user.clear(minutes);
    await user.type(minutes, '120');
    await user.click(screen.getByRole('button', { name: 'Save sign-in policy' }));
    await waitFor(() => expect(callsOf(replaceSignInPolicy)).toHaveLength(1));
    expect(callsOf(replaceSignInPolicy)[0]?.body).toEqual({
      methods: ['email_link'],
      second_factor_roles: ['ADMINISTRATOR'],
      session_minutes: 120,
    });
  });
});
