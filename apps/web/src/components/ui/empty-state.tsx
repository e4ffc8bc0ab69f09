import type { ReactNode } from 'react';

/** In place of a screen's list while it has nothing in it: what is missing, how it fills, and the action that adds the first. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-zinc-300 bg-white p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mx-auto mt-2 max-w-prose text-zinc-700">{children}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}
