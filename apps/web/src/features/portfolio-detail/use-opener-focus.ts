import { useCallback, useRef } from 'react';

/**
 * Gives focus back to the control that opened a dialog once it has closed. The shared Modal is
 * opened from state, without a Radix trigger, and Radix returns focus only to its own trigger,
 * so keyboard users would otherwise be dropped at the top of the page.
 */
export function useOpenerFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((element: HTMLElement) => {
    opener.current = element;
  }, []);
  /** `fallback` takes focus when the opener is gone, such as a Cancel button whose row changed. */
  const restore = useCallback((fallback?: () => HTMLElement | null) => {
    const element = opener.current;
    opener.current = null;
    // After the dialog's own unmount, which runs its focus handling in a task of its own.
    setTimeout(() => {
      const target = element?.isConnected ? element : fallback?.();
      target?.focus();
    }, 0);
  }, []);
  return { remember, restore };
}
