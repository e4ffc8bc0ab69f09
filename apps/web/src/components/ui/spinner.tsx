import { shellText } from '../../lib/shell/shell-text';

/** A spinning circle with a label for screen readers: "Loading" in the page's language unless `label` says what loads. */
export function Spinner({ label, className = 'h-6 w-6' }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <svg className={`animate-spin text-brand-600 ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label ?? shellText('loading')}</span>
    </span>
  );
}

/** The lazy-route fallback: a spinner over the whole screen. */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-white/70">
      <Spinner className="h-10 w-10" />
    </div>
  );
}
