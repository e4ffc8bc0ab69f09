import type { ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

/** The product's tooltip defaults: offset 10, hide fade 150 ms (styles.css), throttle 50 ms. */
export const tooltipDefaults = { offset: 10, hideFadeMs: 150, throttleMs: 50 } as const;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={tooltipDefaults.throttleMs} skipDelayDuration={tooltipDefaults.throttleMs}>
      {children}
    </RadixTooltip.Provider>
  );
}

/**
 * Each tooltip brings its own provider, so the app shell does not import Radix Tooltip: a provider in the
 * entry chunk made the bundler pull the popper code (floating-ui, ~12 KB gzip) into the initial JavaScript as
 * soon as any lazy screen used a select or a menu. A screen with many tooltips may wrap them in one
 * TooltipProvider to share the skip delay.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipProvider>
      <TooltipRoot content={content}>{children}</TooltipRoot>
    </TooltipProvider>
  );
}

function TooltipRoot({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={tooltipDefaults.offset}
          className="tooltip-content z-50 max-w-xs rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-white shadow"
        >
          {content}
          <RadixTooltip.Arrow className="fill-zinc-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
