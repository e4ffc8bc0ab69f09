/** A custom design or quote request (migration 0081). */
export interface DesignRequestTable {
  id: string;
  kind: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  details: string;
  files: string;
  created_at: string;
  updated_at: string;
}

/** The tables the design-requests module owns: only its own code reads or writes them. */
export interface DesignRequestTables {
  design_request: DesignRequestTable;
}
