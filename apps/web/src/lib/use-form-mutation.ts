import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { fieldErrorsOf } from '@cardstack/shared/http/field-errors';

/**
 * A hand-built form (no form library) that sends one mutation: `submit` checks the values with the form's schema
 * first, and sends them only when they pass. The schema's problems and the server's per-field messages both land
 * in `errors`, one per field; `formError` is the message that belongs to no field.
 */
export function useFormMutation<Input, Result>({
  schema,
  mutationFn,
  onSuccess,
}: {
  schema: z.ZodType<Input>;
  mutationFn: (input: Input) => Promise<Result>;
  onSuccess: (result: Result) => unknown;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const mutation = useMutation({
    mutationFn,
    onSuccess,
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setServerError(Object.keys(error.fields).length ? undefined : error.message);
      } else setServerError('Something went wrong. Please try again.');
    },
  });

  function submit(values: unknown) {
    setServerError(undefined);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  // A problem of the whole input (no field in its path) is filed under `form` by fieldErrorsOf.
  return { errors, formError: serverError ?? errors.form, isPending: mutation.isPending, submit };
}
