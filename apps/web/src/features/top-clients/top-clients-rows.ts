import type { ClientRecord, TopRankingEntry } from '@pinpoint/contracts';

/** A ranked client with what the filters need from its client record. */
export interface TopClientRow extends TopRankingEntry {
  vertical: string | null;
  /** "City, ST", or null when the record has no city. */
  metro: string | null;
}

export const SORT_KEYS = [
  'rank',
  'companyName',
  'atrp',
  'solv',
  'keywords',
  'latestScanAt',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

export function joinClients(
  entries: readonly TopRankingEntry[],
  clients: readonly ClientRecord[],
): TopClientRow[] {
  const byId = new Map(clients.map((client) => [client.id, client]));
  return entries.map((entry) => {
    const client = byId.get(entry.companyId);
    const metro = client?.city ? [client.city, client.state].filter(Boolean).join(', ') : null;
    return { ...entry, vertical: client?.vertical?.name ?? null, metro };
  });
}

/**
 * Sorted by one column; rows without a value (no ATRP, no SoLV) stay last whichever way,
 * and equal values keep the engine's rank order.
 */
export function sortRows(
  rows: readonly TopClientRow[],
  key: SortKey,
  direction: SortDirection,
): TopClientRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null && y === null) return a.rank - b.rank;
    if (x === null) return 1;
    if (y === null) return -1;
    const order =
      typeof x === 'string' && typeof y === 'string'
        ? x.localeCompare(y, 'en', { sensitivity: 'base' })
        : Number(x) - Number(y);
    return order !== 0 ? sign * order : a.rank - b.rank;
  });
}

export interface TopClientFilter {
  vertical: string;
  metro: string;
}

export function filterRows(rows: readonly TopClientRow[], filter: TopClientFilter): TopClientRow[] {
  return rows.filter(
    (row) =>
      (!filter.vertical || row.vertical === filter.vertical) &&
      (!filter.metro || row.metro === filter.metro),
  );
}

/** The distinct non-empty values of a column, A–Z, for a filter's options. */
export function optionsOf(
  rows: readonly TopClientRow[],
  pick: (row: TopClientRow) => string | null,
) {
  return [...new Set(rows.map(pick).filter((v): v is string => Boolean(v)))].sort((a, b) =>
    a.localeCompare(b),
  );
}
