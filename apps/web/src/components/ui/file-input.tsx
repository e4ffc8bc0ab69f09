import type { ComponentProps } from 'react';

/**
 * A file input with its label above it, its "choose file" button styled like the kit's buttons. The caller
 * gives the id, to tie its own hint and error text to the input.
 */
export function FileInput({ label, id, className = '', ...input }: ComponentProps<'input'> & { label: string; id: string }) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        className={`text-sm file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 ${className}`}
        {...input}
      />
    </>
  );
}
