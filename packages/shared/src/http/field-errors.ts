/** One validation problem as zod (and the server's answers) report it: where, and what to tell the person. */
export interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * A form's validation issues as one message per field, the first for each. A field is named by its path joined
 * with dots (`email`, `links.0.url`), so a nested form shows each message at the input it is about; issues of the
 * whole form are under `form`. The server answers 400s with the same keys (`error.fields`), so the SPA shows its
 * own check's messages and the server's the same way.
 */
export function fieldErrorsOf(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return fields;
}
