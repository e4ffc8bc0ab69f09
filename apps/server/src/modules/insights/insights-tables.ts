/** The counter columns of the rollups, one per thing counted (views by device type included). */
export const insightCounterColumns = [
  'views',
  'uniques',
  'saves',
  'wallet_adds',
  'link_clicks',
  'file_downloads',
  'leads',
  'mobile_views',
  'tablet_views',
  'desktop_views',
] as const;

type InsightCounters = { card_id: string; source: string } & Record<(typeof insightCounterColumns)[number], number>;

export interface InsightDailyTable extends InsightCounters {
  day: string;
}

export interface InsightMonthlyTable extends InsightCounters {
  month: string;
}

/** The counters per UTC hour (hours since 1970-01-01T00:00Z), from migration 0111 on: days in any time zone. */
export interface InsightHourlyTable extends InsightCounters {
  hour: number;
  /** Hours from the nearest start of a UTC month (−14 to 11) for the hours another time zone moves to a neighbouring month; else null. */
  month_edge: number | null;
}

/** Insights counts by detail: kind 'link' (a link's id), 'referrer' (a host) or 'country' (an ISO code). */
export interface InsightDetailDailyTable {
  card_id: string;
  day: string;
  kind: string;
  detail: string;
  count: number;
}

export interface InsightDetailHourlyTable {
  card_id: string;
  hour: number;
  kind: string;
  detail: string;
  count: number;
}

export interface InsightDetailMonthlyTable {
  card_id: string;
  month: string;
  kind: string;
  detail: string;
  count: number;
}

/** The day's random salt for unique visitors; deleted when the day is over. */
export interface InsightSaltTable {
  day: string;
  salt: string;
}

/** The salted hashes of one day's visitors per card; deleted when the day is over. */
export interface InsightVisitorTable {
  day: string;
  card_id: string;
  visitor_hash: string;
}

/** The tables the insights module owns: only its own code reads or writes them. */
export interface InsightTables {
  insight_hourly: InsightHourlyTable;
  insight_daily: InsightDailyTable;
  insight_monthly: InsightMonthlyTable;
  insight_detail_hourly: InsightDetailHourlyTable;
  insight_detail_daily: InsightDetailDailyTable;
  insight_detail_monthly: InsightDetailMonthlyTable;
  insight_salt: InsightSaltTable;
  insight_visitor: InsightVisitorTable;
}
