import { z } from 'zod';
import { contactImportLimits, importTargets } from '@cardstack/shared/contacts/import';
import { keyed } from '@cardstack/shared/i18n/keyed';

/**
 * The import form: the chosen file, checked for its size before it is sent (the server refuses a larger one with
 * the same message), and where its contacts go. The browser's own form: a `File` exists only there.
 */
export const contactImportForm = z.object({
  target: z.enum(importTargets),
  file: z.instanceof(File, { error: keyed('importFileMissing') }).refine((file) => file.size <= contactImportLimits.fileBytes, keyed('importFileTooLarge')),
});
export type ContactImportForm = z.infer<typeof contactImportForm>;
