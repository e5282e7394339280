import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { ToastCard } from './toast-card.tsx';

export type ToastTheme = 'success' | 'error' | 'info' | 'warning';

/**
 * Product §2: a toast carries text, theme, icon, link, status, detail, cancel, dismissible,
 * autoDismiss.
 */
export type ToastOptions = {
  text: string;
  theme?: ToastTheme;
  /** Replaces the theme's own icon. */
  icon?: ReactNode;
  link?: { href: string; label: string };
  /** A short state word shown beside the text, such as an action's new state. */
  status?: string;
  detail?: string;
  /** A second button that undoes or abandons what the toast reports. */
  cancel?: { label: string; onClick(): void };
  /** Whether the person may close it; true unless said otherwise. */
  dismissible?: boolean;
  /** Milliseconds until it closes by itself, or false to stay until closed. */
  autoDismiss?: number | false;
};

export const DEFAULT_AUTO_DISMISS_MS = 5_000;

/** Shows a toast in the layout's toast area and returns its id. */
export function notify(options: ToastOptions): string | number {
  const duration =
    options.autoDismiss === false
      ? Number.POSITIVE_INFINITY
      : (options.autoDismiss ?? DEFAULT_AUTO_DISMISS_MS);
  return toast.custom((id) => <ToastCard {...options} onClose={() => toast.dismiss(id)} />, {
    duration,
    dismissible: options.dismissible ?? true,
  });
}
