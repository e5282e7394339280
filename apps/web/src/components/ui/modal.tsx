import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

/**
 * A modal dialog: focus is trapped inside, Escape closes it, and the title names it for
 * assistive technology. On close focus goes back to whatever had it when the dialog opened:
 * these dialogs open from state, without a Radix trigger, and Radix by itself returns focus only
 * to its trigger, which would drop keyboard users at the top of the page. `returnFocus` names
 * the element to take focus when the opener is gone, or when the opener was a menu item.
 */
export function Modal(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  returnFocus?: () => HTMLElement | null;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl ${props.wide ? 'max-w-3xl' : 'max-w-lg'}`}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected ? opener.current : props.returnFocus?.();
            opener.current = null;
            target?.focus();
          }}
        >
          <Dialog.Title className="text-lg font-bold tracking-wide text-navy-800">
            {props.title}
          </Dialog.Title>
          {props.description && (
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              {props.description}
            </Dialog.Description>
          )}
          <div className="mt-4">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
