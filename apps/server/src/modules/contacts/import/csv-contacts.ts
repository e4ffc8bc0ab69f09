import type { ColumnMapping, ContactImportFormat } from '@cardstack/shared/contacts/import';
import { emptyImportedContact, type ImportedContact } from './imported-contact';

/*
 * Which contact field each column of a CSV fills. Google Contacts' export (its current headers and the older
 * ones) and Outlook's (English and German) are recognised by their headers and mapped whole; any other CSV gets a
 * guess from common header names, which the person corrects before importing.
 */

const normalised = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Google: "E-mail 1 - Value", "Phone 2 - Value", "Organization Name" (current), "Organization 1 - Name" (older). */
function googleField(header: string): ColumnMapping {
  if (/^e-mail \d+ - value$/.test(header)) return 'email';
  if (/^phone \d+ - value$/.test(header)) return 'phone';
  if (/^website \d+ - value$/.test(header)) return 'website';
  if (/^address \d+ - formatted$/.test(header)) return 'address';
  const fields: Record<string, ColumnMapping> = {
    name: 'name',
    'first name': 'firstName',
    'given name': 'firstName',
    'last name': 'lastName',
    'family name': 'lastName',
    'organization name': 'company',
    'organization 1 - name': 'company',
    'organization title': 'jobTitle',
    'organization 1 - title': 'jobTitle',
    notes: 'notes',
  };
  return fields[header] ?? 'ignore';
}

/** Outlook, English and German: its "Title" is a form of address (Mr, Dr), not a job title. */
const outlookFields: Record<string, ColumnMapping> = {
  'first name': 'firstName',
  'last name': 'lastName',
  company: 'company',
  'job title': 'jobTitle',
  'e-mail address': 'email',
  'e-mail 2 address': 'email',
  'e-mail 3 address': 'email',
  'business phone': 'phone',
  'business phone 2': 'phone',
  'mobile phone': 'phone',
  'home phone': 'phone',
  'home phone 2': 'phone',
  'primary phone': 'phone',
  'other phone': 'phone',
  'company main phone': 'phone',
  'web page': 'website',
  notes: 'notes',
  vorname: 'firstName',
  nachname: 'lastName',
  firma: 'company',
  position: 'jobTitle',
  'e-mail-adresse': 'email',
  'e-mail 2: adresse': 'email',
  'e-mail 3: adresse': 'email',
  'telefon geschäftlich': 'phone',
  'telefon geschäftlich 2': 'phone',
  mobiltelefon: 'phone',
  'telefon privat': 'phone',
  'telefon privat 2': 'phone',
  haupttelefon: 'phone',
  'weiteres telefon': 'phone',
  'telefon firma': 'phone',
  webseite: 'website',
  notizen: 'notes',
};

/** Any other CSV: common header names in English and the product's languages' most frequent ones. */
const guessedFields: Record<string, ColumnMapping> = {
  ...outlookFields,
  name: 'name',
  'full name': 'name',
  'display name': 'name',
  contact: 'name',
  title: 'jobTitle',
  role: 'jobTitle',
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  phone: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  tel: 'phone',
  telefon: 'phone',
  handy: 'phone',
  company: 'company',
  organization: 'company',
  organisation: 'company',
  website: 'website',
  url: 'website',
  address: 'address',
  adresse: 'address',
  note: 'notes',
  notiz: 'notes',
  nom: 'lastName',
  prénom: 'firstName',
  entreprise: 'company',
  société: 'company',
  téléphone: 'phone',
  nombre: 'firstName',
  apellido: 'lastName',
  apellidos: 'lastName',
  empresa: 'company',
  teléfono: 'phone',
  cargo: 'jobTitle',
  sobrenome: 'lastName',
  telefone: 'phone',
};

/** The format a header row names, and the field of each column. */
export function mappingOfHeader(headers: readonly string[]): { format: Exclude<ContactImportFormat, 'vcard'>; mapping: ColumnMapping[] } {
  const names = headers.map(normalised);
  if (names.some((name) => /^e-mail \d+ - value$/.test(name))) return { format: 'google-csv', mapping: names.map(googleField) };
  const isOutlook = (names.includes('first name') && names.includes('e-mail address')) || (names.includes('vorname') && names.includes('e-mail-adresse'));
  if (isOutlook) return { format: 'outlook-csv', mapping: names.map((name) => outlookFields[name] ?? 'ignore') };
  return { format: 'csv', mapping: names.map((name) => guessedFields[name] ?? 'ignore') };
}

/** Whether a mapping can make contacts at all: a name (whole or in parts) or an email. */
export function mapsAnIdentity(mapping: readonly ColumnMapping[]): boolean {
  return mapping.some((field) => field === 'name' || field === 'firstName' || field === 'lastName' || field === 'email');
}

/** Google writes several values of one field into one cell, separated by " ::: ". */
const valuesOf = (cell: string) =>
  cell
    .split(' ::: ')
    .map((value) => value.trim())
    .filter(Boolean);

/** One row as a contact, by the mapping. */
export function contactOfRow(cells: readonly string[], mapping: readonly ColumnMapping[]): ImportedContact {
  const contact = emptyImportedContact();
  let firstName = '';
  let lastName = '';
  const notes: string[] = [];
  mapping.forEach((field, index) => {
    const cell = (cells[index] ?? '').trim();
    if (!cell) return;
    switch (field) {
      case 'name':
        contact.name ||= cell;
        break;
      case 'firstName':
        firstName ||= cell;
        break;
      case 'lastName':
        lastName ||= cell;
        break;
      case 'email':
        contact.emails.push(...valuesOf(cell));
        break;
      case 'phone':
        contact.phones.push(...valuesOf(cell));
        break;
      case 'website':
        contact.websites.push(...valuesOf(cell));
        break;
      case 'company':
        contact.company ||= cell;
        break;
      case 'jobTitle':
        contact.jobTitle ||= cell;
        break;
      case 'address':
        contact.address ||= cell.replace(/\s*\n\s*/g, ', ');
        break;
      case 'notes':
        notes.push(cell);
        break;
    }
  });
  contact.name ||= [firstName, lastName].filter(Boolean).join(' ');
  contact.notes = notes.join('\n\n');
  return contact;
}
