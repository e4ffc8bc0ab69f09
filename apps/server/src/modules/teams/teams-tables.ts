/** A person invited into a team; the team owner's user id is the team id. */
export interface TeamMemberTable {
  id: string;
  team_owner_id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  /** 'admin' or 'employee'. */
  role: string;
  /** Set when the invitation is accepted. */
  user_id: string | null;
  is_accepted: number;
  first_login_at: string | null;
  last_login_at: string | null;
  invited_by: string | null;
  /** JSON of the card fields of a bulk import row, made into a card when the member accepts. */
  pending_card: string | null;
  created_at: string;
  updated_at: string;
}

/** One team's permission lists, one per role (admin, employee): JSON text of {name, checked} rows. */
export interface TeamRolesTable {
  team_owner_id: string;
  admin: string;
  employee: string;
  updated_at: string;
}

/** An invitation link; only the SHA-256 of its token is kept. */
export interface TeamInvitationTable {
  id: string;
  team_owner_id: string;
  member_id: string | null;
  email: string;
  role: string;
  invited_by: string | null;
  token_hash: string;
  expires_at: string;
  is_revoked: number;
  accepted_at: string | null;
  created_at: string;
  /** The language of the invitation's mail ('' on invitations from before: English). */
  language: string;
}

/** A bulk import: its parsed rows (JSON), progress counters and per-row report (JSON). */
export interface TeamImportJobTable {
  id: string;
  team_owner_id: string;
  created_by: string | null;
  file_name: string;
  status: string;
  records: string;
  report: string;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  skipped_count: number;
  rejected_count: number;
  error: string | null;
  /** No longer used: the job engine's lease decides who runs an import (`held_by` records which run). */
  lease_until: string | null;
  /** The `teams.import` job run that holds the import; only it saves progress. */
  held_by?: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The tables the teams module owns: only its own code reads or writes them. */
export interface TeamTables {
  team_member: TeamMemberTable;
  team_roles: TeamRolesTable;
  team_invitation: TeamInvitationTable;
  team_import_job: TeamImportJobTable;
}
