import type { ReactNode } from 'react';

/** The failure of the last sign-in step, announced as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {children}
    </p>
  );
}
