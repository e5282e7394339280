import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from './notify.tsx';
import { ToastArea } from './toast-area.tsx';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'Date',
      ],
    });
  });
  afterEach(() => {
    toast.dismiss();
    cleanup();
    vi.useRealTimers();
  });

  // The theme's label is read out before the text, so the text is matched inside its toast card.
  const toastWith = (text: string) =>
    Array.from(document.querySelectorAll('[data-theme]')).find((card) =>
      card.textContent?.includes(text),
    ) ?? null;

  // Sonner adds a toast on its next tick.
  const show = async (options: Parameters<typeof notify>[0]) => {
    await act(async () => {
      notify(options);
      vi.advanceTimersByTime(0);
    });
  };

  it('closes an auto-dismissed toast after its time, not before', async () => {
    render(<ToastArea />);
    await show({ text: 'Advisor Updated Successfully', theme: 'success', autoDismiss: 5_000 });
    await act(async () => {
      vi.advanceTimersByTime(4_900);
    });
    expect(toastWith('Advisor Updated Successfully')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(toastWith('Advisor Updated Successfully')).toBeNull();
  });

  it('keeps a toast without autoDismiss until it is closed, and carries status, detail, link and cancel', async () => {
    render(<ToastArea />);
    const onCancel = vi.fn();
    await show({
      text: 'Deposit requested',
      theme: 'info',
      status: 'SUBMITTED-CANCELLABLE',
      detail: '$25,000.00 for Jane Smith',
      link: { href: '/portfolio/abc', label: 'Open portfolio' },
      cancel: { label: 'Undo', onClick: onCancel },
      autoDismiss: false,
    });
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('SUBMITTED-CANCELLABLE')).toBeTruthy();
    expect(screen.getByText('$25,000.00 for Jane Smith')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open portfolio' }).getAttribute('href')).toBe(
      '/portfolio/abc',
    );
    await act(async () => {
      screen.getByRole('button', { name: 'Undo' }).click();
    });
    // Sonner hears of the dismissal on the next animation frame, then lets the card's exit
    // animation run; each step renders before the next timer is set.
    for (let step = 0; step < 10; step += 1) {
      await act(async () => {
        vi.advanceTimersByTime(100);
      });
    }
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(toastWith('Deposit requested')).toBeNull();
  });

  it('offers no close button on a toast that is not dismissible, and an error toast is an alert', async () => {
    render(<ToastArea />);
    await show({ text: 'Error Updating Advisor', theme: 'error', dismissible: false });
    expect(screen.getByRole('alert').textContent).toContain('Error Updating Advisor');
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull();
  });
});
