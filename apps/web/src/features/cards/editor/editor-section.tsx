import { useId, type ReactNode } from 'react';

/** A titled group of fields inside an editor tab. */
export function EditorSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  // Not derived from the title: a translated title may have no letters an id keeps (Japanese, Arabic).
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-zinc-700">{description}</p> : null}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}
