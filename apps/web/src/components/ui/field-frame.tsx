import { useId, type ReactNode } from 'react';
import { useValidationText } from '../../lib/validation-messages';

/** What every labelled field of the UI kit takes besides its control's own attributes. */
export interface FieldProps {
  label: string;
  /** A shared schema's (keyed) message, shown in the app's language, or the server's, shown as it is. */
  error?: string | undefined;
  /** A line under the field that says what is expected, announced with the control. */
  hint?: ReactNode;
}

/** The attributes the frame gives its control so the label, the hint and the error text are announced with it. */
interface FieldControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/**
 * Label (with an asterisk on required fields), the control, the hint and the error text under it: the frame
 * every form field of the UI kit shares. The control is rendered by the caller with the attributes given.
 */
export function FieldFrame({
  id,
  label,
  required,
  error: message,
  hint,
  className = '',
  children: renderControl,
}: FieldProps & {
  id?: string | undefined;
  required?: boolean | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const error = useValidationText()(message);
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
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
      {renderControl({
        id: fieldId,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined,
        className: `rounded-lg border px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 disabled:bg-zinc-100 ${
          error ? 'border-red-500 focus:ring-red-200' : 'border-zinc-300 focus:border-brand-500 focus:ring-brand-100'
        }`,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
