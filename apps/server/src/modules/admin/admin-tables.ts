import type { Generated } from 'kysely';

/** Operator flags of an account: promoted to operator, disabled (migration 0082). */
export interface OperatorAccountTable {
  user_id: string;
  is_admin: Generated<number>;
  is_disabled: Generated<number>;
  updated_at: string;
}

export interface InstanceSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface AdminAuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** The tables the admin module owns: only its own code reads or writes them. */
export interface AdminTables {
  operator_account: OperatorAccountTable;
  instance_setting: InstanceSettingTable;
  admin_audit_log: AdminAuditLogTable;
}
