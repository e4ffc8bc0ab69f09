import type { ReactNode } from 'react';

/**
 * The top of a screen: its h1 (`titleId` lets the screen's section be named by it), an optional line under the
 * title, and the screen's actions at the end of the row.
 */
export function PageHeader({ titleId, title, subtitle, actions }: { titleId: string; title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 id={titleId} className="text-2xl font-bold">
          {title}
        </h1>
        {subtitle}
      </div>
      {actions}
    </div>
  );
}
