import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/database';
import { AppError } from '../../kernel/lib/app-error';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { VendorGate } from '../vendor-sync/vendor-gate';

/** A recording's bytes with the type they were served as. */
export interface Recording {
  contentType: string;
  bytes: Buffer;
}

/** Where an area keeps the live recordings it fetched: one row per recorded call. */
export interface RecordingStore {
  stored(id: number): Promise<Recording | null>;
  store(id: number, recording: Recording): Promise<void>;
}

/** A recordings table: its key (the call's row) plus the bytes, their type and size. */
type RecordingTable = PgTable & { contentType: PgColumn; bytes: PgColumn; byteSize: PgColumn };

/**
 * The store over an area's recordings table (`ct_recordings` by call, `lsa_recordings` by
 * conversation): both tables have the same columns but for the name of their key. A row
 * is written once: two first plays at the same time store the same bytes, so the second
 * insert is dropped rather than failing the play.
 */
export function createRecordingStore<T extends RecordingTable>(
  db: Db,
  table: T,
  key: Extract<keyof T & keyof T['$inferInsert'], string>,
): RecordingStore {
  const keyColumn = table[key] as unknown as PgColumn;
  return {
    async stored(id) {
      const [row] = await db
        .select({ contentType: table.contentType, bytes: table.bytes })
        .from(table as PgTable)
        .where(eq(keyColumn, id));
      if (!row) return null;
      return {
        contentType: row.contentType as string,
        bytes: Buffer.from(row.bytes as Uint8Array),
      };
    },
    async store(id, { contentType, bytes }) {
      // The key's field name differs per table; the other fields are the type's own.
      const values = { [key]: id, contentType, bytes, byteSize: bytes.length };
      await db
        .insert(table)
        .values(values as T['$inferInsert'])
        .onConflictDoNothing();
    },
  };
}

export interface PlayRecording<A> {
  /** The recorded call's row (the store's key) and the vendor's link to its recording. */
  id: number;
  url: string;
  store: RecordingStore;
  /** The vendor's gate, taken only when the vendor must be called. */
  gate(): VendorGate;
  /** The connection's opened secrets; asked for only when the vendor must be called. */
  access(): A | Promise<A>;
  fetch(access: A, url: string): Promise<Recording>;
  /** The only type played (SPEC §5: audio/mpeg), and the message that refuses any other. */
  contentType: string;
  typeError: string;
}

/**
 * A call's recording for playing: a stored one from our database; a demo one (`demo:`
 * link) from the vendor adapter's committed files; a live one fetched from the vendor once,
 * through its gate, and stored so the next play is ours. Anything not of the one played
 * type is refused with the area's message and never stored or passed on. Call tracking
 * and Local Services Ads play their recordings this way.
 */
export async function playRecording<A>(play: PlayRecording<A>): Promise<Recording> {
  const refused = () => new AppError(502, 'SERVICE_UNAVAILABLE', play.typeError);
  const stored = await play.store.stored(play.id);
  if (stored) {
    if (stored.contentType !== play.contentType) throw refused();
    return stored;
  }
  const access = await play.access();
  let fetched: Recording;
  try {
    fetched = await play.gate().run(() => play.fetch(access, play.url));
  } catch (error) {
    if (error instanceof VendorError) {
      throw new AppError(
        502,
        'SERVICE_UNAVAILABLE',
        `The recording could not be fetched: ${error.message}`,
      );
    }
    throw error;
  }
  if (fetched.contentType !== play.contentType) throw refused();
  // Demo files are on disk already; a live recording is kept so the next play is ours.
  if (!play.url.startsWith('demo:')) await play.store.store(play.id, fetched);
  return fetched;
}
