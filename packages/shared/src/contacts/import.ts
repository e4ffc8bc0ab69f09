import { z } from 'zod';

/*
 * Importing contacts from a file: a vCard file (2.1, 3.0 or 4.0: iCloud, Google, Outlook, Android), Google
 * Contacts' CSV, Outlook's CSV (English or German headers), or any CSV with its columns mapped to contact fields.
 * The upload is checked first (the preview: how many contacts, which lines are refused, how many are already
 * kept), then imported as a job, and may be undone.
 */

export const contactImportLimits = {
  /** The largest file taken. */
  fileBytes: 20 * 1024 * 1024,
  /** The refused lines reported with their reasons; more are counted. */
  refusalsListed: 200,
  /** Contacts written per transaction: a lead arriving meanwhile waits for one batch at most. */
  batchSize: 250,
} as const;

export const contactImportFormats = ['vcard', 'google-csv', 'outlook-csv', 'csv'] as const;
export type ContactImportFormat = (typeof contactImportFormats)[number];

/** What happens to a contact of the file that matches one already kept: by email, or (with no email match) by phone. */
export const duplicateChoices = ['skip', 'merge', 'keepBoth'] as const;
export type DuplicateChoice = (typeof duplicateChoices)[number];

/** The contact fields a CSV column can fill; several columns may fill a list (emails, phones, websites). */
export const importFields = ['name', 'firstName', 'lastName', 'email', 'phone', 'company', 'jobTitle', 'website', 'address', 'notes'] as const;
export type ImportField = (typeof importFields)[number];
/** A column's mapping: one of the fields, or left out. */
export const columnMapping = z.enum([...importFields, 'ignore']);
export type ColumnMapping = z.infer<typeof columnMapping>;

export const contactImportStates = ['checking', 'ready', 'importing', 'done', 'failed', 'undone'] as const;
export type ContactImportState = (typeof contactImportStates)[number];

export const importTargets = ['own', 'team'] as const;
export type ImportTarget = (typeof importTargets)[number];

/** A line of the file that is not imported: why (in the reader's language), and the value it is about, if one. */
export const importRefusal = z.object({ line: z.number().int(), reason: z.string(), value: z.string().optional() });
export type ImportRefusal = z.infer<typeof importRefusal>;

export const contactImportStatus = z.object({
  id: z.string(),
  state: z.enum(contactImportStates),
  fileName: z.string(),
  target: z.enum(importTargets),
  format: z.enum(contactImportFormats).nullable(),
  encoding: z.string().nullable(),
  /** A CSV's header row, and the field each column fills (known formats are mapped already; any other CSV by the person). */
  columns: z.array(z.string()),
  mapping: z.array(columnMapping),
  /** Contacts in the file that can be imported, and of them those matching a kept contact by email, or else by phone. */
  found: z.number().int(),
  duplicatesByEmail: z.number().int(),
  duplicatesByPhone: z.number().int(),
  /** While importing: contacts of the file handled so far, of `found`. */
  processed: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
  /** The first refused lines with their reasons (the count is `refused`). */
  refusals: z.array(importRefusal),
  /** Why a file could not be read at all (nothing was imported), in the reader's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImportStatus = z.infer<typeof contactImportStatus>;

/** Starting a checked import: what to do with the duplicates. */
export const startContactImportInput = z.object({
  onEmailMatch: z.enum(duplicateChoices),
  onPhoneMatch: z.enum(duplicateChoices),
});
export type StartContactImportInput = z.infer<typeof startContactImportInput>;

/** A CSV's columns mapped again: the check runs again with them. */
export const mapContactImportInput = z.object({ mapping: z.array(columnMapping).max(500) });
export type MapContactImportInput = z.infer<typeof mapContactImportInput>;

