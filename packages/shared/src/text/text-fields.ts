/**
 * The named text fields of values that may leave some out (a form, a spreadsheet row, an API body), each `''` when
 * missing: what the schemas and the stored rows expect of an empty field.
 */
export function textFieldsOf<Name extends string>(values: { readonly [K in Name]?: string | null | undefined }, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, values[name] ?? ''])) as Record<Name, string>;
}
