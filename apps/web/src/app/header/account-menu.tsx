import type { Advisor } from '@ballast/contract';
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Ref } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';

export function initialsOf(advisor: Pick<Advisor, 'first_name' | 'last_name' | 'email'>): string {
  const initials = `${advisor.first_name.trim().charAt(0)}${advisor.last_name.trim().charAt(0)}`;
  return (initials || advisor.email.charAt(0)).toUpperCase();
}

const itemClass =
  'cursor-pointer rounded px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-navy-50 data-[highlighted]:text-navy-800';

/**
 * The account menu, shown as the user's initials: Logout, Reset Password, Settings (product §2).
 */
export function AccountMenu(props: {
  advisor: Advisor | undefined;
  onOpenSettings(): void;
  triggerRef: Ref<HTMLButtonElement>;
}) {
  const navigate = useNavigate();
  const advisor = props.advisor;
  const initials = advisor ? initialsOf(advisor) : '…';
  // The name starts with the initials it shows, so that someone who says what they see (voice
  // control) reaches the button (WCAG 2.5.3).
  const label = advisor
    ? `${initials}, account menu for ${advisor.first_name} ${advisor.last_name}`
    : 'Account menu';
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while leaving it
    // focusable, which screen readers meet as controls with no name (WCAG 4.1.2). The menu still
    // holds the arrow keys and closes on Escape or a click outside.
    <Menu.Root modal={false}>
      <Menu.Trigger
        ref={props.triggerRef}
        aria-label={label}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-gold-400 text-sm font-bold text-navy-900"
      >
        {initials}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-30 min-w-[11rem] rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.logout)}>
            Logout
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.resetPassword)}>
            Reset Password
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={props.onOpenSettings}>
            Settings
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
