import type { ReactNode } from 'react';

/** The centred card of the signed-out screens (sign in, register, invitation): a title, the form, a footer line. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      {children}
      <p className="mt-6 text-center text-sm text-zinc-700">{footer}</p>
    </div>
  );
}
