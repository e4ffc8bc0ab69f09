/** A card. Booleans are 0/1, times ISO-8601 text, lists and settings JSON text. */
export interface CardTable {
  id: string;
  username: string;
  /** The lower-cased username: unique, so usernames are unique ignoring case. */
  username_key: string;
  owner_id: string;
  team_owner_id: string | null;
  title: string;
  name: string;
  company_name: string;
  job_title: string;
  description: string;
  email: string;
  phone: string;
  address: string;
  address_link: string;
  emails: string;
  phones: string;
  addresses: string;
  is_default: number;
  cover_image: string;
  profile_picture: string;
  links: string;
  downloadable_files: string;
  widgets: string;
  theme: string;
  lead_form: string;
  /** '' or one of the product's locales (i18n/locales). */
  page_language: string;
  product_id: string | null;
  product_name: string | null;
  vcf_file_name: string | null;
  vcf_link: string | null;
  user_name_changed: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A username a card gave up, reserved for its former holder for a while (see usernameQuarantineDays). */
export interface ReleasedUsernameTable {
  username_key: string;
  user_id: string;
  released_at: string;
}

/** The tables the cards module owns: only its own code reads or writes them. */
export interface CardTables {
  card: CardTable;
  released_username: ReleasedUsernameTable;
}
