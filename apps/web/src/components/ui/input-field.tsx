import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldFrame, fieldControlClass, fieldDescription } from './field-frame';

export interface InputFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input; required fields show an asterisk, the error text sits under the field. */
export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, error, hint, required, className = '', id, ...rest },
  ref,
) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame fieldId={fieldId} label={label} required={required} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(fieldId, error, hint)}
        className={fieldControlClass(error)}
        {...rest}
      />
    </FieldFrame>
  );
});
