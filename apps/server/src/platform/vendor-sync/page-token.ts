import type { z } from 'zod';

/**
 * The one page-token format of our windowed syncs: the state a run needs to go on (its
 * window, fixed at the first page, and the vendor's own cursor in it) as JSON, checked by
 * the sync's schema when read back. A resumed run continues from it; a token that does not
 * parse is a bug, and fails the run with the dataset's name (or, for syncs that would
 * rather start the window again, reads as null).
 */
export interface PageTokenCodec<T> {
  write(state: T): string;
  read(token: string): T;
  /** The state, or null for a token that does not parse. */
  readOrNull(token: string): T | null;
}

export function pageTokenCodec<Schema extends z.ZodType>(
  dataset: string,
  schema: Schema,
): PageTokenCodec<z.infer<Schema>> {
  const readOrNull = (token: string): z.infer<Schema> | null => {
    try {
      const parsed = schema.safeParse(JSON.parse(token));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  return {
    write: (state) => JSON.stringify(state),
    read: (token) => {
      const state = readOrNull(token);
      if (state === null) throw new Error(`Bad ${dataset} page token`);
      return state;
    },
    readOrNull,
  };
}
