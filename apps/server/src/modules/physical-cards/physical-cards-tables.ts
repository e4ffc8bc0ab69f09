import type { Generated } from 'kysely';

/** A batch of physical cards ordered from the printer (migration 0080). */
export interface PreorderBatchTable {
  id: string;
  product_id: string;
  product_name: string;
  count: number;
  created_by: string | null;
  created_at: string;
}

/** A physical card made ahead of its owner; its id is in the address on the chip (migration 0080). */
export interface PreorderTable {
  id: string;
  batch_id: string | null;
  product_id: string;
  product_name: string;
  activated: Generated<number>;
  activated_at: string | null;
  owner_id: string | null;
  card_id: string | null;
  is_deactivated: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The tables the physical-cards module owns: only its own code reads or writes them. */
export interface PhysicalCardTables {
  preorder_batch: PreorderBatchTable;
  preorder: PreorderTable;
}
