import type { ProductSlug, ProductStatus } from '@pinpoint/contracts';
import type { Db } from '../db/database';
import type { Random } from './random';

/** What every part of the demo seed gets. */
export interface SeedContext {
  /** The seed's transaction: the whole agency is written, or nothing. */
  tx: Db;
  random: Random;
  /**
   * The day the history runs up to (UTC midnight of the seeding day). Dates are relative
   * to it so the demo always shows recent data; every other value comes from `random`.
   */
  anchor: Date;
}

export const DAY_MS = 86_400_000;

export function daysBefore(anchor: Date, days: number): Date {
  return new Date(anchor.getTime() - days * DAY_MS);
}

/** Inserts in chunks: one statement per thousand rows keeps PGlite and pg both fast. */
export async function insertChunked<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A product instance the demo seed made, as each area's seed receives it. */
export interface SeededProduct {
  id: number;
  companyId: number;
  slug: ProductSlug;
  status: ProductStatus;
  start: Date;
  /** When a cancelled product stopped; null while it runs. */
  end: Date | null;
}

/** How much history the demo agency has. */
export const HISTORY_DAYS = 548;
