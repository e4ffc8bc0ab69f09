import type { AccountArchiveManifest } from '@cardstack/shared/account/account-archive';

/** The archive's README.md: what it is, how to import it, and what each file holds (each module describes its own). */
export function readmeOf(manifest: AccountArchiveManifest, files: readonly { path: string; about: string }[]): string {
  return `# Your account's data

This archive holds the data of your account on ${manifest.source}, as it was on ${manifest.builtAt}.

To move your account, sign in on the other server and choose Settings → General → "Import from another server", then
upload this file as it is. Your cards get new addresses there; your old server can send visitors of your old addresses
to the new ones once you tell it where you moved.

Nothing in here is a password, key, token or secret: integrations are listed by name only.

## Files

- \`manifest.json\`: the archive's format version (${manifest.format}), the server that built it (\`source\`), when
  (\`builtAt\`) and the export's id (\`exportId\`), by which the new server tells the old one where each card went.
- \`README.md\`: this file.
${files.map((file) => `- \`${file.path}\`: ${file.about}`).join('\n')}

All JSON files are UTF-8. Times are ISO 8601 in UTC.
`;
}
