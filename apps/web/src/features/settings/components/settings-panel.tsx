import { useId, type ReactNode } from 'react';

/** One section of the settings screen: a titled panel (its title names the region). */
export function SettingsPanel({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  // Not made from the title: a title in Japanese or Arabic has no letters a-z to make an id of.
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-zinc-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
