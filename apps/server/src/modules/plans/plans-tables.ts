/** A confirmed downgrade and its effects at the period end (migration 0030). */
export interface PlanDowngradeTable {
  id: string;
  user_id: string;
  from_plan: string;
  to_plan: string;
  /** JSON: the impact lines the dialog showed (`DowngradeImpact[]`). */
  impacts: string;
  effective_at: string;
  status: 'scheduled' | 'due' | 'applied' | 'cancelled';
  created_at: string;
  updated_at: string;
  applied_at: string | null;
}

/** The tables the plans module owns: only its own code reads or writes them. */
export interface PlanTables {
  plan_downgrade: PlanDowngradeTable;
}
