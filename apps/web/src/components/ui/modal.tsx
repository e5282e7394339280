import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A modal dialog: focus is trapped inside and returns to the opener on close, Escape closes it,
 * and the title names it for assistive technology.
 */
export function Modal(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl ${props.wide ? 'max-w-3xl' : 'max-w-lg'}`}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
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
