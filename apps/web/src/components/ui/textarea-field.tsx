import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldControlClass, fieldDescription } from './field-frame';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled multi-line input, wired like InputField. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, required, className = '', id, rows = 4, ...rest },
  ref,
) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame fieldId={fieldId} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(fieldId, error, hint)}
        className={fieldControlClass(error)}
        {...rest}
      />
    </FieldFrame>
  );
});
