import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps } from './field-frame';

/** A labelled input; required fields show an asterisk, the error text sits under the field. */
export function InputField({ label, error, hint, required, className, id, ...input }: ComponentProps<'input'> & FieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}
