import {
  deleteFirmLogo,
  type Firm,
  getFirm,
  getFirmLogo,
  INVALID_PHONE_NUMBER,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_TYPE,
  updateFirm,
  uploadFirmLogo,
} from '@ballast/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFirm, renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, refusal, resetFakeApi } from './fake-api.fixture.ts';

const toasts = vi.hoisted(() => ({ texts: [] as string[] }));

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));
vi.mock('../../components/toast/notify.tsx', () => ({
  notify: (options: { text: string }) => toasts.texts.push(options.text),
}));

let firm: Firm;

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

describe('the firm section', () => {
  beforeEach(() => {
    resetFakeApi();
    toasts.texts = [];
    firm = makeFirm();
    answer(getFirm, () => firm);
    answer(getFirmLogo, () =>
      firm.has_logo ? new Blob(['<svg/>'], { type: 'image/svg+xml' }) : null,
    );
    answer(updateFirm, ({ body }) => {
      firm = { ...firm, ...(body as Partial<Firm>) };
      return firm;
    });
    answer(uploadFirmLogo, () => {
      firm = { ...firm, has_logo: true };
      return firm;
    });
    answer(deleteFirmLogo, () => {
      firm = { ...firm, has_logo: false };
      return firm;
    });
  });
  afterEach(cleanup);

  it('saves the name and support contacts, checking the phone with the contract’s message', async () => {
    const user = renderAdministration('/admin/firm');
    const name = await screen.findByLabelText('Firm name');
    expect((name as HTMLInputElement).value).toBe('Harbor Wealth');
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByLabelText('Support phone'), 'call us');
    await user.click(save);
    expect(await screen.findByText(INVALID_PHONE_NUMBER)).toBeTruthy();
    expect(callsOf(updateFirm)).toEqual([]);

    await user.clear(screen.getByLabelText('Support phone'));
    await user.type(screen.getByLabelText('Support phone'), '(800)-555-0199');
    await user.type(screen.getByLabelText('Support e-mail'), 'help@harbor.test');
    await user.click(save);
    await waitFor(() => expect(toasts.texts).toEqual(['The firm’s profile is saved.']));
    expect(callsOf(updateFirm)[0]?.body).toEqual({
      name: 'Harbor Wealth',
      support_phone: '(800)-555-0199',
      support_email: 'help@harbor.test',
    });
  });

  it('shows a refusal of the api that names no field above the buttons', async () => {
    answer(updateFirm, () => {
      throw refusal(403, 'You do not have permission to perform this action.');
    });
    const user = renderAdministration('/admin/firm');
    await user.type(await screen.findByLabelText('Support e-mail'), 'help@harbor.test');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You do not have permission to perform this action.',
    );
  });

  it('refuses a file of the wrong type or size at once, without uploading it', async () => {
    renderAdministration('/admin/firm');
    // The input's accept list keeps a GIF out of the picker; a picker set to "All files" lets it in.
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Choose a logo');
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOGO_TYPE);
    await user.upload(input, png(LOGO_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toBe(LOGO_TOO_LARGE);
    expect(screen.getByRole('button', { name: 'Upload logo' }).hasAttribute('disabled')).toBe(true);
    expect(callsOf(uploadFirmLogo)).toEqual([]);
  });

  it('uploads a logo, reads the logo again (as the header does), and removes it', async () => {
    const user = renderAdministration('/admin/firm');
    await user.upload(await screen.findByLabelText('Choose a logo'), png(2048));
    expect(screen.getByText('New logo, not yet saved')).toBeTruthy();
    const logoReads = callsOf(getFirmLogo).length;
    await user.click(screen.getByRole('button', { name: 'Upload logo' }));
    await waitFor(() => expect(toasts.texts).toEqual(['The new logo is in place.']));
    const [sent] = callsOf(uploadFirmLogo);
    expect((sent?.body as { logo: File } | undefined)?.logo.size).toBe(2048);
    await waitFor(() => expect(callsOf(getFirmLogo).length).toBeGreaterThan(logoReads));
    expect(screen.queryByText('New logo, not yet saved')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(callsOf(deleteFirmLogo)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull());
  });
});
