import type { ReactNode } from 'react';

/** The panel every /auth screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto mt-6 w-full max-w-lg rounded-lg bg-white p-6 shadow sm:p-8">
      <h1 className="mb-5 text-2xl font-bold text-navy-800">{title}</h1>
      {children}
    </div>
  );
}
