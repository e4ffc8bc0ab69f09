/** Where a moved account went: one row per account that said "this account moved" (migration 0117). */
export interface AccountMoveTable {
  user_id: string;
  /** The new server's origin, as checked (`https://cards.example.com`). */
  address: string;
  /** The account export whose moves the new server answered. */
  export_id: string;
  moved_at: string;
}

/** Where one moved card went: its page on the new server, where its public addresses redirect (migration 0117). */
export interface CardMoveTable {
  card_id: string;
  user_id: string;
  target_url: string;
  moved_at: string;
}

/** The tables the account-moves module owns: only its own code reads or writes them. */
export interface AccountMoveTables {
  account_move: AccountMoveTable;
  card_move: CardMoveTable;
}
