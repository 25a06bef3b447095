import { qrTargetProblem } from '@pinpoint/contracts';
import type { QrCodesRepository } from './qr-codes.repository';

type Row = NonNullable<Awaited<ReturnType<QrCodesRepository['byCode']>>>;
/** The row, with the `Location` to send: null when the target is refused (not http(s), …). */
type Found = (Row & { location: string | null }) | null;

export interface QrCodeCache {
  /** The code's row (or null when there is none), from memory while fresh. */
  lookup(code: string): Promise<Found>;
  /** Forgets a code at once (this process); other processes see the change within the TTL. */
  forget(code: string): void;
}

/**
 * The redirect's lookups kept in memory for `ttlMs` (found and not found alike), so a busy
 * code costs no database round trip: on PGlite every query shares one connection with the
 * scan writer and the whole app. An edit, archive or delete made here is seen at once; on
 * another process (PostgreSQL deployments) within `ttlMs`.
 */
export function createQrCodeCache(
  repo: Pick<QrCodesRepository, 'byCode'>,
  options: { ttlMs: number; maxEntries: number; now?: () => number },
): QrCodeCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Found; until: number }>();
  return {
    async lookup(code) {
      const hit = entries.get(code);
      if (hit && hit.until > now()) return hit.value;
      const row = await repo.byCode(code);
      // Checked here as well as when stored: a row that reached the table some other way
      // (a script, a restore) never sends a phone to `javascript:` or `data:`.
      const value = row && {
        ...row,
        location: qrTargetProblem(row.targetUrl) === null ? new URL(row.targetUrl).href : null,
      };
      if (entries.size >= options.maxEntries) entries.clear();
      entries.set(code, { value, until: now() + options.ttlMs });
      return value;
    },
    forget(code) {
      entries.delete(code);
    },
  };
}
