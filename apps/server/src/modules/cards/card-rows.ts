import type { Selectable, Updateable } from 'kysely';
import { defaultLeadFormSettings, type Card, type CardSummary } from '@cardstack/shared/cards/schemas';
import { isLocale } from '@cardstack/shared/i18n/locales';
import { usernameKey } from '@cardstack/shared/cards/username';
import type { CardTable } from './cards-tables';

/*
 * Between the `card` table's rows and the `Card` the app works with: JSON columns parsed, booleans from 0/1, only
 * the changed columns written.
 */

/** The fields a change may touch; id, owner and creation time never change. */
export type CardChanges = Partial<Omit<Card, 'id' | 'ownerId' | 'version' | 'createdAt' | 'updatedAt'>>;

export const summaryColumns = [
  'id',
  'username',
  'owner_id',
  'team_owner_id',
  'title',
  'name',
  'company_name',
  'job_title',
  'is_default',
  'cover_image',
  'profile_picture',
  'version',
  'created_at',
  'updated_at',
] as const;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const emptyImage = { url: null, alt: '', position: 'object-center' } as const;

export function toSummary(row: Pick<Selectable<CardTable>, (typeof summaryColumns)[number]>): CardSummary {
  return {
    id: row.id,
    username: row.username,
    ownerId: row.owner_id,
    teamOwnerId: row.team_owner_id,
    title: row.title,
    name: row.name,
    companyName: row.company_name,
    jobTitle: row.job_title,
    isDefault: row.is_default === 1,
    coverImage: parseJson(row.cover_image, { ...emptyImage }),
    profilePicture: parseJson(row.profile_picture, { ...emptyImage }),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCard(row: Selectable<CardTable>): Card {
  return {
    ...toSummary(row),
    description: row.description,
    email: row.email,
    phone: row.phone,
    address: row.address,
    addressLink: row.address_link,
    emails: parseJson(row.emails, []),
    phones: parseJson(row.phones, []),
    addresses: parseJson(row.addresses, []),
    links: parseJson(row.links, []),
    downloadableFiles: parseJson(row.downloadable_files, []),
    widgets: parseJson(row.widgets, []),
    theme: parseJson(row.theme, { backgroundColor: '#ffffff', foregroundColor: '#111827', labelColor: '#6b7280' }),
    leadForm: { ...defaultLeadFormSettings, ...parseJson(row.lead_form, defaultLeadFormSettings) },
    pageLanguage: isLocale(row.page_language) ? row.page_language : '',
    productId: row.product_id,
    productName: row.product_name,
    vcfFileName: row.vcf_file_name,
    vcfLink: row.vcf_link,
    userNameChanged: row.user_name_changed === 1,
  };
}

export function toColumns(changes: CardChanges): Updateable<CardTable> {
  const columns: Updateable<CardTable> = {};
  const json = (value: unknown) => JSON.stringify(value);
  for (const [key, value] of Object.entries(changes) as [keyof CardChanges, unknown][]) {
    if (value === undefined) continue;
    switch (key) {
      case 'username':
        columns.username = value as string;
        columns.username_key = usernameKey(value as string);
        break;
      case 'teamOwnerId': columns.team_owner_id = value as string | null; break;
      case 'title': columns.title = value as string; break;
      case 'name': columns.name = value as string; break;
      case 'companyName': columns.company_name = value as string; break;
      case 'jobTitle': columns.job_title = value as string; break;
      case 'description': columns.description = value as string; break;
      case 'email': columns.email = value as string; break;
      case 'phone': columns.phone = value as string; break;
      case 'address': columns.address = value as string; break;
      case 'addressLink': columns.address_link = value as string; break;
      case 'emails': columns.emails = json(value); break;
      case 'phones': columns.phones = json(value); break;
      case 'addresses': columns.addresses = json(value); break;
      case 'isDefault': columns.is_default = value ? 1 : 0; break;
      case 'coverImage': columns.cover_image = json(value); break;
      case 'profilePicture': columns.profile_picture = json(value); break;
      case 'links': columns.links = json(value); break;
      case 'downloadableFiles': columns.downloadable_files = json(value); break;
      case 'widgets': columns.widgets = json(value); break;
      case 'theme': columns.theme = json(value); break;
      case 'leadForm': columns.lead_form = json(value); break;
      case 'pageLanguage': columns.page_language = value as string; break;
      case 'productId': columns.product_id = value as string | null; break;
      case 'productName': columns.product_name = value as string | null; break;
      case 'vcfFileName': columns.vcf_file_name = value as string | null; break;
      case 'vcfLink': columns.vcf_link = value as string | null; break;
      case 'userNameChanged': columns.user_name_changed = value ? 1 : 0; break;
      default: {
        const unknownKey: never = key;
        throw new Error(`Unknown card field ${String(unknownKey)}`);
      }
    }
  }
  return columns;
}
