import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps } from './field-frame';

/** A labelled multi-line input in the same frame as InputField. */
export function TextareaField({ label, error, hint, required, className, id, rows = 4, ...textarea }: ComponentProps<'textarea'> & FieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      {(control) => <textarea rows={rows} {...control} {...textarea} />}
    </FieldFrame>
  );
}
