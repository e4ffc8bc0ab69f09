import type { ReactNode } from 'react';

/** The ids a control needs so its label, hint and error text are announced with it. */
export function fieldDescription(fieldId: string, error: string | undefined, hint: ReactNode) {
  return [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
}

export function fieldControlClass(error: string | undefined): string {
  return `rounded-lg border px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 disabled:bg-zinc-100 ${
    error ? 'border-red-500 focus:ring-red-200' : 'border-zinc-300 focus:border-brand-500 focus:ring-brand-100'
  }`;
}

/**
 * Label (with an asterisk on required fields), the control, a hint and the error text under the field:
 * the layout every form field of the UI kit shares.
 */
export function FieldFrame(props: {
  fieldId: string;
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { fieldId, label, required, error, hint, className = '', children } = props;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={fieldId} className="text-sm font-medium text-zinc-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${fieldId}-hint`} className="text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
